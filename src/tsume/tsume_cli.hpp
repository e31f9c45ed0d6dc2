// Shared by the tsume CLI command (cli.cpp) and its USI engine (usi.cpp).
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace CLI {
class App;
}

namespace sb::cli {
/// Registers `searchbench tsume solve|perft|list|usi` (src/tsume/cli.cpp).
void add_tsume(CLI::App& app, std::function<int()>& action);
}  // namespace sb::cli

namespace sb::cli::tsume_cli {

/// Options of `searchbench tsume usi`.
struct UsiOptions {
  std::string kernel = "dfpn";
};

/// The USI engine loop on stdin/stdout; returns the exit code (0 after `quit` or end of input).
int run_usi(const UsiOptions& o);

}  // namespace sb::cli::tsume_cli
