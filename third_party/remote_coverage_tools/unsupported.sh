#!/bin/sh
echo "remote_coverage_tools: coverage is not available in the offline build" >&2
exit 1
