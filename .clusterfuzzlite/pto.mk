# The fuzz targets' build without Bazel, for build.sh (ClusterFuzzLite and
# OSS-Fuzz images have no Bazel). build.sh sets every variable below; see
# docs/fuzzing.md for why the build is plain compiler invocations.
#
#   make -f .clusterfuzzlite/pto.mk ROOT=. BUILD=$WORK/obj OUT=$OUT \
#        HARNESSES="parser_fuzzer ..." LIB_SRCS="ir/dtype.cc ..." \
#        ABSL_LIBS="..." DEP_INCLUDES="..." CXX=... CXXFLAGS=... LIB_FUZZING_ENGINE=...
#
# Every object keeps a -MMD dependency file, so a second run in the same
# BUILD directory recompiles only what changed.

PTO_CXXFLAGS := $(CXXFLAGS) -std=c++17 -I$(ROOT) $(DEP_INCLUDES) -MMD -MP
LIB_OBJS := $(patsubst %.cc,$(BUILD)/%.o,$(LIB_SRCS))
# Linked into every harness, as fuzz.bzl does under --config=fuzz.
SUPPORT_OBJS := $(BUILD)/fuzz/libfuzzer_flags.o $(BUILD)/fuzz/sanitizer_options.o
# Start-group: Abseil's archives refer to each other in no fixed order.
LINK_LIBS := $(BUILD)/libpto.a -Wl,--start-group $(ABSL_LIBS) -Wl,--end-group -pthread

.PHONY: all
all: $(addprefix $(OUT)/,$(HARNESSES)) $(BUILD)/dict_gen

$(BUILD)/%.o: $(ROOT)/%.cc
	@mkdir -p $(@D)
	$(CXX) $(PTO_CXXFLAGS) -c $< -o $@

$(BUILD)/libpto.a: $(LIB_OBJS)
	rm -f $@
	ar rcs $@ $^

$(OUT)/%: $(BUILD)/fuzz/%.o $(SUPPORT_OBJS) $(BUILD)/libpto.a
	$(CXX) $(CXXFLAGS) $< $(SUPPORT_OBJS) $(LINK_LIBS) $(LIB_FUZZING_ENGINE) -o $@

# Runs at build time only: no fuzzing engine.
$(BUILD)/dict_gen: $(BUILD)/fuzz/dict/dict_gen.o $(BUILD)/libpto.a
	$(CXX) $(CXXFLAGS) $< $(LINK_LIBS) -o $@

-include $(LIB_OBJS:.o=.d) $(SUPPORT_OBJS:.o=.d) $(BUILD)/fuzz/dict/dict_gen.d
-include $(patsubst %,$(BUILD)/fuzz/%.d,$(HARNESSES))
