// What an interrupt (SIGINT, SIGTERM, SIGHUP) does during a run that keeps its finished work in
// files (bench's .part files, a journal): remove a half-written file if one is named, say on
// stderr how to carry the run on, and exit with 128 + the signal. The handler only calls unlink,
// write and _exit (async-signal-safe) on text prepared beforehand. A signal that the process was
// started to ignore (nohup's SIGHUP, SIGINT in a background job) stays ignored.
#pragma once

#include <string>

namespace sb::cli {

/// From now on an interrupt prints `message` (one line, a newline added) on stderr, removes
/// `half_written` if not empty, and exits 128 + the signal. A later call replaces both.
void on_interrupt_say(const std::string& message, const std::string& half_written = "");

/// Interrupts act as by default again (the run's files are complete).
void on_interrupt_default();

}  // namespace sb::cli
