#pragma once
// Whether the system lets a program start its threads (a limit on processes, ulimit -u, binds
// threads too): checked before work that would otherwise fail half-way or, in a thread pool that
// waits for a thread it failed to start, hang.
#include <string>

namespace djambi {

// Starts `count` threads that live until the last has started, then ends them; throws
// std::runtime_error "cannot start COUNT thread(s) for PURPOSE (why): is the limit on processes
// (ulimit -u) too low?" when the system refuses one.
void check_threads_start(int count, const std::string& purpose);

}  // namespace djambi
