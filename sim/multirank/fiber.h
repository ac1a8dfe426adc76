// A fiber: a body that runs on its own stack on the calling thread and can
// suspend itself back to whoever resumed it. The multi-rank simulator runs
// one fiber per rank so that switching ranks is a deterministic, cheap
// context switch on one OS thread (no locks, no OS scheduling, no signal-
// mask system call: on x86-64 a switch saves and restores only the
// callee-saved registers; elsewhere it falls back to ucontext).
//
//   Fiber f(1 << 20);
//   f.Start([&] { step = 1; Fiber::Current()->Suspend(); step = 2; });
//   f.Resume();   // step == 1
//   f.Resume();   // step == 2, f.finished()
//
// A fiber must run to completion (or never start) before it is destroyed or
// restarted: objects on its stack are only destroyed by returning.

#ifndef PTO_SIM_MULTIRANK_FIBER_H_
#define PTO_SIM_MULTIRANK_FIBER_H_

#if !defined(__x86_64__)
#include <ucontext.h>
#endif

#include <cstddef>
#include <functional>
#include <memory>

namespace pto::sim {

class Fiber {
 public:
  explicit Fiber(size_t stack_bytes);
  Fiber(const Fiber&) = delete;
  Fiber& operator=(const Fiber&) = delete;
  ~Fiber();

  // Prepares `body` to run on the next Resume. The previous body (if any)
  // must have finished.
  void Start(std::function<void()> body);
  // Runs the fiber until it suspends or its body returns.
  void Resume();
  // From inside the fiber: returns control to Resume's caller.
  void Suspend();

  bool started() const { return started_; }
  bool finished() const { return finished_; }
  // The fiber running on this thread, or null.
  static Fiber* Current();

 private:
  static void Entry();

  size_t stack_bytes_;
  std::unique_ptr<char[]> stack_;
#if defined(__x86_64__)
  void* sp_ = nullptr;         // the fiber's saved stack pointer
  void* caller_sp_ = nullptr;  // Resume's caller's
#else
  ucontext_t context_;
  ucontext_t caller_;
#endif
  std::function<void()> body_;
  bool started_ = false;
  bool finished_ = false;
};

}  // namespace pto::sim

#endif  // PTO_SIM_MULTIRANK_FIBER_H_
