// The MPI runner of a piece list (see src/core/pieces_run.hpp): rank 0 hands out pieces, every
// rank solves them on its threads, rank 0 adds up the subtotals. The structure is the classic
// manager/worker one of Open MPI's examples, with the manager working too.
//
// Protocol, on a duplicate of MPI_COMM_WORLD, every message an array of uint64:
//  * Every rank builds the list from the instance; rank 0 broadcasts (count, hash) and all ranks
//    check that they hold the same list (a mixed installation would otherwise add up nonsense).
//  * Worker rank r > 0 -> 0, tag kRequest: [want, last, record...], a record being (id, the
//    kMax subtotals, seconds as the bits of a double) for each piece finished since its previous
//    message; `want`: how many more piece ids it asks for; last = 1 on its final message (sent
//    when it has been told there is no more work and its threads are done), which gets no reply.
//  * 0 -> r, tag kWork: [more, id...]: at most `want` ids; more = 0 once every piece has been
//    handed out, after which r asks for nothing more.
// Rank 0's main thread answers requests as they come (MPI_Iprobe) while its own threads solve
// pieces, taking ids in list order from the same counter as the requests. A worker asks for
// more while it holds fewer than two batches per thread, so its threads only wait when the list
// runs out; rank 0 hands out at most 1/(2 x all threads) of what is left (guided
// self-scheduling: large shares first, few round trips, small ones at the end, so that the
// ranks finish together). Results reach rank 0 (and the journal)
// within a fraction of a second of being found. The main thread of every rank, the only one that
// calls MPI (MPI_THREAD_FUNNELED), never spins in a blocking call: rank 0's sleeps between polls
// (20 us, doubling up to 2 ms while idle); a worker's sleeps until its threads need it (pieces
// running low, results to send) and polls only while a request is out. So a rank costs its
// compute threads and next to nothing more: `-np 2 --threads 1` keeps two cores busy, not three
// or four. While it polls, every rank also checks that its launcher is still there (Launcher).
// At the end rank 0 broadcasts the sum, so every rank returns the same result. A failure on one
// rank alone (an exception in a thread, a journal that cannot be written) ends the whole job with
// MPI_Abort after a one-line message, since the others would wait for it forever.
#include <mpi.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "core/mpi.hpp"
#include "core/pieces_run.hpp"

namespace sb {
namespace {

using u64 = std::uint64_t;
constexpr int kRequest = 101;
constexpr int kWork = 102;
constexpr std::size_t kRecord = 2 + Subtotals::kMax;  // id, subtotals, seconds

void put_record(std::vector<u64>& buf, u64 id, const Subtotals& s, double seconds) {
  buf.push_back(id);
  buf.insert(buf.end(), s.v.begin(), s.v.end());
  u64 bits = 0;
  std::memcpy(&bits, &seconds, sizeof bits);
  buf.push_back(bits);
}

// Sleeps between polls: 20 us after activity, doubling up to max_us while nothing happens.
class Backoff {
 public:
  explicit Backoff(int max_us) : max_(max_us) {}
  void idle() {
    std::this_thread::sleep_for(std::chrono::microseconds(us_));
    us_ = std::min(us_ * 2, max_);
  }
  void busy() { us_ = 20; }

 private:
  int us_ = 20;
  int max_;
};

// A rank started by a launcher is its child (mpirun's, or the node daemon's): when the parent
// changes, the launcher was killed and the job is over. Open MPI's ranks notice that too, but
// only after up to a second or so, time in which an orphan could go on appending to the journal
// (and holding its lock); polled with the messages, this ends them within a millisecond.
class Launcher {
 public:
  Launcher() : parent_(mpi::launched() ? ::getppid() : 0) {}
  void check(int rank) const {
    if (parent_ == 0 || ::getppid() == parent_) return;
    std::fprintf(stderr, "searchbench: error: MPI rank %d: the launcher is gone; stopping\n", rank);
    std::fflush(stderr);
    std::_Exit(1);  // MPI_Abort would wait for the launcher
  }

 private:
  pid_t parent_;
};

// One line on stderr and the end of every rank: a failure the other ranks cannot see.
[[noreturn]] void fail_alone(int rank, const char* what) {
  std::fprintf(stderr, "searchbench: error: MPI rank %d: %s\n", rank, what);
  std::fflush(stderr);
  mpi::abort(1);
}

// Rank 0's hand-out of the pieces still to solve, in list order.
class Dispenser {
 public:
  explicit Dispenser(const std::vector<u64>& todo) : todo_(todo) {}
  // Takes up to k ids into out; returns how many.
  std::size_t take(std::size_t k, u64* out) {
    std::lock_guard lock(mu_);
    const std::size_t n = std::min(k, todo_.size() - next_);
    std::copy_n(todo_.begin() + static_cast<std::ptrdiff_t>(next_), n, out);
    next_ += n;
    return n;
  }
  std::size_t left() {
    std::lock_guard lock(mu_);
    return todo_.size() - next_;
  }

 private:
  std::mutex mu_;
  const std::vector<u64>& todo_;
  std::size_t next_ = 0;
};

Subtotals sum_of(const std::vector<Subtotals>& parts) {
  Subtotals s;
  for (const auto& p : parts) s += p;
  return s;
}

// Rank 0: hands out pieces, solves some itself, adds everything up. Returns the complete sum.
Subtotals manage(const PieceList& list, const PieceSchedule& s, int threads, int ranks,
                 Progress* progress, const PieceHooks* hooks, MPI_Comm comm, int& used) {
  const std::size_t b = std::max<std::size_t>(1, list.batch);
  Dispenser dispenser(s.todo);
  std::vector<Subtotals> partial(static_cast<std::size_t>(threads));
  std::exception_ptr error;
  std::atomic<bool> failed{false}, computed{false};
  auto compute = [&] {
    try {
      used = run_on_threads(threads, [&](int i) {
        std::vector<u64> ids(b);
        std::vector<Subtotals> out(b);
        Subtotals& sum = partial[static_cast<std::size_t>(i)];
        for (std::size_t k; (k = dispenser.take(b, ids.data())) > 0;)
          solve_reported(list, ids.data(), k, out.data(), sum, progress, hooks);
      });
    } catch (...) {
      error = std::current_exception();
      failed.store(true);
    }
    computed.store(true);
  };
  if (ranks == 1 && !mpi::launched()) {  // a singleton: nothing to poll
    compute();
    if (error) std::rethrow_exception(error);
    Subtotals total = s.known;
    total += sum_of(partial);
    return total;
  }

  std::thread worker(compute);
  Subtotals remote;
  int active = ranks - 1;
  Backoff backoff(2000);  // a request waits at most about 2 ms for an answer
  const Launcher launcher;
  std::vector<u64> in, reply;
  try {
    while ((active > 0 || !computed.load()) && !failed.load()) {
      launcher.check(0);
      int flag = 0;
      MPI_Status st;
      if (active > 0) MPI_Iprobe(MPI_ANY_SOURCE, kRequest, comm, &flag, &st);
      if (!flag) {
        backoff.idle();
        continue;
      }
      backoff.busy();
      int count = 0;
      MPI_Get_count(&st, MPI_UINT64_T, &count);
      in.resize(static_cast<std::size_t>(count));
      MPI_Recv(in.data(), count, MPI_UINT64_T, st.MPI_SOURCE, kRequest, comm, MPI_STATUS_IGNORE);
      if (in.size() < 2 || (in.size() - 2) % kRecord != 0)
        throw std::runtime_error("malformed message from rank " + std::to_string(st.MPI_SOURCE));
      const u64 want = in[0], last = in[1];
      for (std::size_t i = 2; i < in.size(); i += kRecord) {
        Subtotals sub;
        std::copy_n(in.begin() + static_cast<std::ptrdiff_t>(i + 1), Subtotals::kMax,
                    sub.v.begin());
        double seconds = 0;
        std::memcpy(&seconds, &in[i + 1 + Subtotals::kMax], sizeof seconds);
        remote += sub;
        if (hooks != nullptr && hooks->on_piece) hooks->on_piece(in[i], sub, seconds);
        if (progress != nullptr) progress->done.fetch_add(1, std::memory_order_relaxed);
      }
      if (last) {
        --active;
        continue;
      }
      // Guided self-scheduling: at most 1/(2 x threads everywhere) of what is left, whole batches.
      const std::size_t total_threads =
          static_cast<std::size_t>(ranks) * static_cast<std::size_t>(threads);
      std::size_t share = dispenser.left() / (2 * total_threads);
      share = std::max(b, (share + b - 1) / b * b);
      const std::size_t k = std::min<std::size_t>(static_cast<std::size_t>(want), share);
      reply.assign(1 + k, 0);
      const std::size_t got = dispenser.take(k, reply.data() + 1);
      reply.resize(1 + got);
      reply[0] = dispenser.left() > 0 ? 1 : 0;
      MPI_Send(reply.data(), static_cast<int>(reply.size()), MPI_UINT64_T, st.MPI_SOURCE, kWork,
               comm);
    }
  } catch (const std::exception& e) {
    fail_alone(0, e.what());
  }
  if (failed.load()) {  // do not wait for the other ranks' work: end the job now
    try {
      std::rethrow_exception(error);
    } catch (const std::exception& e) {
      fail_alone(0, e.what());
    }
  }
  worker.join();
  if (error) {
    try {
      std::rethrow_exception(error);
    } catch (const std::exception& e) {
      fail_alone(0, e.what());
    }
  }
  Subtotals total = s.known;
  total += sum_of(partial);
  total += remote;
  return total;
}

// Rank r > 0: asks rank 0 for pieces, solves them, sends back the subtotals.
void work(const PieceList& list, int threads, int rank, MPI_Comm comm, int& used) {
  const std::size_t b = std::max<std::size_t>(1, list.batch);
  const std::size_t t = static_cast<std::size_t>(threads);
  // Ask when fewer than eight batches per thread are in hand (rank 0 answers within a few
  // milliseconds), for up to 64; rank 0's guided share decides how many come (many early, few
  // near the end).
  const std::size_t low = 8 * t * b, high = 64 * t * b;
  const std::size_t flush_records = 64;  // results sent at once when this many are waiting
  std::mutex mu;
  std::condition_variable cv;    // compute threads wait for pieces
  std::condition_variable wake;  // the main thread waits for a reason to talk to rank 0
  std::deque<u64> queue;
  bool no_more = false, compute_done = false;
  std::vector<u64> results;  // records not yet handed to the main thread
  std::exception_ptr error;

  std::thread compute([&] {
    try {
      used = run_on_threads(threads, [&](int) {
        std::vector<u64> ids;
        std::vector<Subtotals> out(b);
        for (;;) {
          {
            std::unique_lock lock(mu);
            cv.wait(lock, [&] { return !queue.empty() || no_more; });
            if (queue.empty()) return;
            ids.clear();
            while (!queue.empty() && ids.size() < b) {
              ids.push_back(queue.front());
              queue.pop_front();
            }
            if (queue.size() < low) wake.notify_one();
          }
          const auto t0 = std::chrono::steady_clock::now();
          list.solve(ids.data(), ids.size(), out.data());
          const double each =
              std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() /
              static_cast<double>(ids.size());
          std::lock_guard lock(mu);
          for (std::size_t i = 0; i < ids.size(); ++i) put_record(results, ids[i], out[i], each);
          if (results.size() >= flush_records * kRecord) wake.notify_one();
        }
      });
    } catch (...) {
      std::lock_guard lock(mu);
      error = std::current_exception();
    }
    std::lock_guard lock(mu);
    compute_done = true;
    wake.notify_one();
  });

  // While a request is out, the main thread polls for the answer; otherwise it sleeps until a
  // compute thread wakes it (pieces running low, results to send, the end) or 20 ms pass (to
  // watch the launcher and send results at least every 200 ms). Few wake-ups: on a core shared
  // with a compute thread it costs next to nothing.
  Backoff backoff(1000);
  const Launcher launcher;
  bool outstanding = false, told_no_more = false;
  MPI_Request sreq = MPI_REQUEST_NULL, rreq = MPI_REQUEST_NULL;
  std::vector<u64> out, pending, in(1 + high);
  auto last_send = std::chrono::steady_clock::now();
  try {
    for (;;) {
      launcher.check(rank);
      bool did = false;
      if (outstanding) {
        int done = 0;
        MPI_Status st;
        MPI_Test(&rreq, &done, &st);
        if (done) {
          MPI_Wait(&sreq, MPI_STATUS_IGNORE);
          int count = 0;
          MPI_Get_count(&st, MPI_UINT64_T, &count);
          if (count < 1) throw std::runtime_error("malformed message from rank 0");
          {
            std::lock_guard lock(mu);
            queue.insert(queue.end(), in.begin() + 1, in.begin() + count);
            if (in[0] == 0) no_more = told_no_more = true;
          }
          cv.notify_all();
          outstanding = false;
          did = true;
        }
      }
      if (!outstanding) {
        std::size_t held = 0;
        bool finished = false;
        std::exception_ptr failed;
        {
          std::lock_guard lock(mu);
          pending.insert(pending.end(), results.begin(), results.end());
          results.clear();
          held = queue.size();
          finished = compute_done;
          failed = error;
        }
        if (failed) std::rethrow_exception(failed);
        if (finished && !told_no_more)
          throw std::logic_error("compute threads ended before the work did");
        const bool final = finished;  // told there is no more and every thread is done
        const std::size_t want = told_no_more || held >= low ? 0 : high - held;
        const auto now = std::chrono::steady_clock::now();
        const bool flush = !pending.empty() && (pending.size() >= flush_records * kRecord ||
                                                now - last_send > std::chrono::milliseconds(200));
        if (final || want > 0 || flush) {
          out.assign({static_cast<u64>(want), final ? 1u : 0u});
          out.insert(out.end(), pending.begin(), pending.end());
          pending.clear();
          last_send = now;
          if (final) {
            MPI_Send(out.data(), static_cast<int>(out.size()), MPI_UINT64_T, 0, kRequest, comm);
            break;
          }
          MPI_Isend(out.data(), static_cast<int>(out.size()), MPI_UINT64_T, 0, kRequest, comm,
                    &sreq);
          MPI_Irecv(in.data(), static_cast<int>(in.size()), MPI_UINT64_T, 0, kWork, comm, &rreq);
          outstanding = true;
          did = true;
        }
      }
      if (did) {
        backoff.busy();
      } else if (outstanding) {
        backoff.idle();
      } else {
        std::unique_lock lock(mu);
        wake.wait_for(lock, std::chrono::milliseconds(20), [&] {
          return compute_done || error || results.size() >= flush_records * kRecord ||
                 (!told_no_more && queue.size() < low);
        });
      }
    }
  } catch (const std::exception& e) {
    fail_alone(rank, e.what());
  }
  compute.join();
}

}  // namespace

void broadcast_pieces(std::vector<Subtotals>& by_id) {
  std::vector<u64> flat(by_id.size() * Subtotals::kMax);
  for (std::size_t i = 0; i < by_id.size(); ++i)
    std::copy(by_id[i].v.begin(), by_id[i].v.end(),
              flat.begin() + static_cast<std::ptrdiff_t>(i * Subtotals::kMax));
  MPI_Bcast(flat.data(), static_cast<int>(flat.size()), MPI_UINT64_T, 0, MPI_COMM_WORLD);
  for (std::size_t i = 0; i < by_id.size(); ++i)
    std::copy_n(flat.begin() + static_cast<std::ptrdiff_t>(i * Subtotals::kMax), Subtotals::kMax,
                by_id[i].v.begin());
}

PieceRun run_pieces_mpi(const PieceList& list, int threads, Progress* progress,
                        const PieceHooks* hooks) {
  mpi::init();
  MPI_Comm comm;
  MPI_Comm_dup(MPI_COMM_WORLD, &comm);
  int rank = 0, ranks = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &ranks);
  struct Free {
    MPI_Comm& c;
    ~Free() { MPI_Comm_free(&c); }
  } free_comm{comm};

  // Every rank must hold rank 0's list, and rank 0's schedule must be valid, before any work.
  u64 id[2] = {list.count, list.hash};
  MPI_Bcast(id, 2, MPI_UINT64_T, 0, comm);
  int same = id[0] == list.count && id[1] == list.hash ? 1 : 0, all_same = 0;
  MPI_Allreduce(&same, &all_same, 1, MPI_INT, MPI_MIN, comm);
  if (!all_same)
    throw std::invalid_argument("the MPI ranks built different " + list.scheme +
                                " piece lists (different searchbench builds?)");
  if (const u64 most = most_mpi_ranks(list.count); static_cast<u64>(ranks) > most)
    throw std::invalid_argument(
        std::to_string(ranks) + " MPI ranks for " + std::to_string(list.count) + " piece" +
        (list.count == 1 ? "" : "s") + " (the " + list.scheme + " cut of this instance): use at " +
        "most " + std::to_string(most) + " rank" + (most == 1 ? "" : "s"));
  PieceSchedule s;
  std::string why;
  if (rank == 0) {
    try {
      s = schedule_pieces(list, hooks);
    } catch (const std::invalid_argument& e) {
      why = e.what();
    }
  }
  int ok = why.empty() ? 1 : 0;
  MPI_Bcast(&ok, 1, MPI_INT, 0, comm);
  if (!ok) throw std::invalid_argument(why.empty() ? "rank 0 refused the piece schedule" : why);

  PieceRun r;
  r.ranks = ranks;
  r.threads = threads;
  if (rank == 0) {
    if (progress != nullptr) {
      progress->total.store(list.count, std::memory_order_relaxed);
      progress->done.store(list.count - s.todo.size(), std::memory_order_relaxed);
    }
    r.total = manage(list, s, threads, ranks, progress, hooks, comm, r.threads);
  } else {
    work(list, threads, rank, comm, r.threads);
  }
  MPI_Bcast(r.total.v.data(), static_cast<int>(Subtotals::kMax), MPI_UINT64_T, 0, comm);
  return r;
}

}  // namespace sb
