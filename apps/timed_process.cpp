#include "apps/timed_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <stdexcept>

extern char** environ;

namespace djambi::cli {

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// Closes the descriptors it holds when it goes.
struct Pipe {
  int fd[2] = {-1, -1};
  Pipe() {
    if (pipe2(fd, O_CLOEXEC) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
  }
  ~Pipe() {
    for (int f : fd)
      if (f >= 0) close(f);
  }
  void close_end(int end) {
    close(fd[end]);
    fd[end] = -1;
  }
};

}  // namespace

TimedRun run_timed(const std::vector<std::string>& argv, const std::string& input, const std::string& marker) {
  Pipe in, out;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in.fd[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out.fd[1], STDOUT_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  // A child that exits before reading its input must not end this process by SIGPIPE.
  struct sigaction ignore {}, previous {};
  ignore.sa_handler = SIG_IGN;
  sigaction(SIGPIPE, &ignore, &previous);
  const auto t0 = Clock::now();
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) {
    sigaction(SIGPIPE, &previous, nullptr);
    throw std::runtime_error("cannot start '" + argv[0] + "': " + std::strerror(spawned));
  }
  in.close_end(0);
  out.close_end(1);
  // The input is a few short lines, far below a pipe's capacity: written whole at once.
  [[maybe_unused]] const ssize_t written = write(in.fd[1], input.data(), input.size());
  in.close_end(1);
  TimedRun run;
  std::string line;
  char buffer[4096];
  while (true) {
    const ssize_t n = read(out.fd[0], buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    for (ssize_t i = 0; i < n && run.seconds_to_marker < 0; ++i) {
      if (buffer[i] != '\n') {
        if (line.size() <= marker.size()) line += buffer[i];
        continue;
      }
      if (!marker.empty() && line.compare(0, marker.size(), marker) == 0) run.seconds_to_marker = since(t0);
      line.clear();
    }
  }
  int status = 0;
  rusage usage{};
  while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
  }
  run.seconds = since(t0);
  sigaction(SIGPIPE, &previous, nullptr);
  run.exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  run.peak_kilobytes = usage.ru_maxrss;
  return run;
}

}  // namespace djambi::cli
