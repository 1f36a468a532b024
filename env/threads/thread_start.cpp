#include "env/threads/thread_start.h"

#include <future>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <vector>

namespace djambi {

void check_threads_start(int count, const std::string& purpose) {
  std::promise<void> all_started;
  const std::shared_future<void> go = all_started.get_future().share();
  std::vector<std::thread> threads;
  std::string refused;
  try {
    for (int i = 0; i < count; ++i) threads.emplace_back([go] { go.wait(); });
  } catch (const std::system_error& e) {
    refused = e.what();
  }
  all_started.set_value();
  for (std::thread& t : threads) t.join();
  if (!refused.empty())
    throw std::runtime_error("cannot start " + std::to_string(count) + " thread(s) for " + purpose + " (" + refused +
                             "): is the limit on processes (ulimit -u) too low?");
}

}  // namespace djambi
