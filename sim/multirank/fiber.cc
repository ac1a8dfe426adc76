#include "sim/multirank/fiber.h"

#include <cstdint>
#include <cstring>
#include <utility>

#include "ir/check.h"

#if defined(__x86_64__)
// pto_sim_fiber_switch(from, to): pushes the callee-saved registers and the
// SSE / x87 control words, stores the stack pointer in *from, switches to
// `to` and pops the same frame from there.
extern "C" void pto_sim_fiber_switch(void** from, void* to);
asm(R"(
    .text
    .globl pto_sim_fiber_switch
    .type pto_sim_fiber_switch, @function
pto_sim_fiber_switch:
    pushq %rbp
    pushq %rbx
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    subq $8, %rsp
    stmxcsr (%rsp)
    fnstcw 4(%rsp)
    movq %rsp, (%rdi)
    movq %rsi, %rsp
    ldmxcsr (%rsp)
    fldcw 4(%rsp)
    addq $8, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbx
    popq %rbp
    ret
    .size pto_sim_fiber_switch, .-pto_sim_fiber_switch
    .section .note.GNU-stack,"",@progbits
    .text
)");
#endif

namespace pto::sim {
namespace {

thread_local Fiber* current_fiber = nullptr;

}  // namespace

Fiber::Fiber(size_t stack_bytes)
    // Not value-initialised: untouched stack pages are never committed.
    : stack_bytes_(stack_bytes), stack_(new char[stack_bytes]) {}

Fiber::~Fiber() { PTO_CHECK(!started_ || finished_) << "a fiber was destroyed mid-run"; }

Fiber* Fiber::Current() { return current_fiber; }

void Fiber::Entry() {
  Fiber* f = current_fiber;
  f->body_();
  f->body_ = nullptr;
  f->finished_ = true;
  current_fiber = nullptr;
#if defined(__x86_64__)
  pto_sim_fiber_switch(&f->sp_, f->caller_sp_);
  PTO_CHECK(false) << "a finished fiber was resumed";
#endif
  // ucontext: returning resumes uc_link, the caller of the last Resume.
}

void Fiber::Start(std::function<void()> body) {
  PTO_CHECK(!started_ || finished_) << "a fiber was restarted mid-run";
  body_ = std::move(body);
  started_ = true;
  finished_ = false;
#if defined(__x86_64__)
  // The first switch pops a frame that "returns" into Entry as if it had been
  // called: [top-8] a null return address, [top-16] Entry, six zero
  // registers, then the current SSE / x87 control words.
  uintptr_t top = (reinterpret_cast<uintptr_t>(stack_.get()) + stack_bytes_) & ~uintptr_t{15};
  uint64_t* frame = reinterpret_cast<uint64_t*>(top);
  frame[-1] = 0;
  frame[-2] = reinterpret_cast<uint64_t>(&Fiber::Entry);
  for (int i = 3; i <= 8; ++i) frame[-i] = 0;
  uint32_t mxcsr;
  uint16_t fpucw;
  asm volatile("stmxcsr %0" : "=m"(mxcsr));
  asm volatile("fnstcw %0" : "=m"(fpucw));
  uint64_t control = 0;
  std::memcpy(&control, &mxcsr, 4);
  std::memcpy(reinterpret_cast<char*>(&control) + 4, &fpucw, 2);
  frame[-9] = control;
  sp_ = &frame[-9];
#else
  PTO_CHECK(getcontext(&context_) == 0);
  context_.uc_stack.ss_sp = stack_.get();
  context_.uc_stack.ss_size = stack_bytes_;
  context_.uc_link = &caller_;
  makecontext(&context_, &Fiber::Entry, 0);
#endif
}

void Fiber::Resume() {
  PTO_CHECK(started_ && !finished_) << "resumed a fiber that is not running";
  PTO_CHECK(current_fiber == nullptr) << "fibers do not nest";
  current_fiber = this;
#if defined(__x86_64__)
  pto_sim_fiber_switch(&caller_sp_, sp_);
#else
  PTO_CHECK(swapcontext(&caller_, &context_) == 0);
#endif
  current_fiber = nullptr;
}

void Fiber::Suspend() {
  PTO_CHECK(current_fiber == this) << "suspended a fiber that is not running";
  current_fiber = nullptr;
#if defined(__x86_64__)
  pto_sim_fiber_switch(&sp_, caller_sp_);
#else
  PTO_CHECK(swapcontext(&context_, &caller_) == 0);
#endif
  current_fiber = this;
}

}  // namespace pto::sim
