// Limits shared by every kernel and command.
#pragma once

namespace sb {

/// Largest thread count a kernel or command accepts (threads are counted from 1).
inline constexpr int kMaxThreads = 1024;

}  // namespace sb
