// The node-count signature (as Stockfish's `bench`): every deterministic kernel on its fixed list
// of small instances, one thread, every first move classified; the node counts (for a run cut by
// a fixed node budget, what its problem counts instead: Problem::signature_count) and their total.
// A change that alters any kernel's search changes the total, which tests/core/test_signature.cpp
// pins.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/problem.hpp"

namespace sb {

/// One line of the signature.
struct SignatureEntry {
  const Problem* problem = nullptr;
  const KernelInfo* kernel = nullptr;
  std::string instance;  ///< canonical instance text
  /// The count pinned: the kernel's nodes, or what its problem counts instead for the run
  /// (Problem::signature_count: a run cut by a fixed node budget).
  std::uint64_t nodes = 0;
  std::uint64_t searched = 0;  ///< the kernel's node count (for nodes/s)
  Verdict verified = Verdict::kNa;
  double wall_s = 0;  ///< the kernel call (not part of the signature; for nodes/s)
};

/// Runs the signature: for every problem, every kernel with deterministic node counts, every
/// instance of its `signature` list, at 1 thread with RunSettings' defaults. Throws what a
/// kernel throws (a registration naming an instance its kernel refuses is a std::logic_error).
std::vector<SignatureEntry> run_signature();

}  // namespace sb
