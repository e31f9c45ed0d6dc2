// Interrupt handling for runs that keep their work in files (interrupt.hpp).
#include "cli/interrupt.hpp"

#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstring>
#include <iterator>

namespace sb::cli {
namespace {

char g_half_written[4096];
char g_message[8192];

extern "C" void say_and_exit(int sig) {
  if (g_half_written[0] != '\0') ::unlink(g_half_written);
  const std::size_t n = std::strlen(g_message);
  if (n > 0 && ::write(STDERR_FILENO, g_message, n) < 0) {
  }
  ::_exit(128 + sig);
}

constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};
constexpr int kCount = static_cast<int>(std::size(kSignals));
bool g_installed[kCount] = {};

}  // namespace

void on_interrupt_say(const std::string& message, const std::string& half_written) {
  std::snprintf(g_half_written, sizeof g_half_written, "%s",
                half_written.size() < sizeof g_half_written ? half_written.c_str() : "");
  std::snprintf(g_message, sizeof g_message, "%s\n", message.c_str());
  for (int i = 0; i < kCount; ++i) {
    if (g_installed[i]) continue;
    // a signal the run was started to ignore (nohup: SIGHUP) stays ignored
    struct sigaction old {};
    if (::sigaction(kSignals[i], nullptr, &old) != 0 || old.sa_handler == SIG_IGN) continue;
    std::signal(kSignals[i], say_and_exit);
    g_installed[i] = true;
  }
}

void on_interrupt_default() {
  for (int i = 0; i < kCount; ++i)
    if (g_installed[i]) std::signal(kSignals[i], SIG_DFL), g_installed[i] = false;
}

}  // namespace sb::cli
