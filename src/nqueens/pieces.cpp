#include "nqueens/pieces.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/pieces_run.hpp"

namespace sb::nqueens {

bool piece_backend_built(const std::string& backend) {
  if (backend == "serial") return true;
#ifdef SEARCHBENCH_WITH_TBB
  if (backend == "tbb") return true;
#endif
#ifdef SEARCHBENCH_WITH_OPENMP
  if (backend == "openmp") return true;
#endif
#ifdef SEARCHBENCH_WITH_MPI
  if (backend == "mpi") return true;
#endif
  return false;
}

std::function<Result(const Params&)> piece_kernel(const std::string& name,
                                                  const std::string& backend, PieceListMaker list) {
  if (!piece_backend_built(backend))
    throw std::invalid_argument("no piece runner for backend '" + backend + "' in this build");
  return [name, backend, list = std::move(list)](const Params& p) {
    validate(p, 1, kMaxBitN, name.c_str());
    const PieceList l = list(p.n);
    PieceRun r;
    if (backend == "serial") r = run_pieces_serial(l, p.progress, p.pieces);
#ifdef SEARCHBENCH_WITH_TBB
    if (backend == "tbb") r = run_pieces_tbb(l, p.threads, p.progress, p.pieces);
#endif
#ifdef SEARCHBENCH_WITH_OPENMP
    if (backend == "openmp") r = run_pieces_omp(l, p.threads, p.progress, p.pieces);
#endif
#ifdef SEARCHBENCH_WITH_MPI
    if (backend == "mpi") r = run_pieces_mpi(l, p.threads, p.progress, p.pieces);
#endif
    return Result{r.total.v[0], r.total.v[1], r.total.v[2], r.threads, r.ranks};
  };
}

void offer_pieces(std::vector<TypedKernel<Traits>>& v, const std::string& family,
                  PieceListMaker list) {
  auto by_instance = [list](const Instance& x) { return list(x.n); };
  const TypedKernel<Traits>* model = nullptr;
  std::size_t last = v.size();
  for (std::size_t i = 0; i < v.size(); ++i) {
    auto& k = v[i];
    if (k.name == family || k.name.rfind(family + "-", 0) == 0) last = i;
    if (k.name != family + "-tbb" && k.name != family + "-omp") continue;
    if (!piece_backend_built(k.backend)) continue;  // left as it is
    k.pieces = by_instance;
    k.fn = piece_kernel(k.name, k.backend, list);
    if (k.name == family + "-tbb" || model == nullptr) model = &k;
  }
  if (!piece_backend_built("mpi")) return;
  const std::string mpi_name = family + "-mpi";
  if (std::any_of(v.begin(), v.end(), [&](const auto& k) { return k.name == mpi_name; })) return;
  TypedKernel<Traits> m;
  if (model != nullptr) m = *model;
  m.name = mpi_name;
  m.backend = "mpi";
  m.summary = (model ? model->summary : family) + "; pieces handed out to MPI ranks";
  m.micro.clear();  // a singleton MPI start per microbenchmark would measure MPI, not the kernel
  m.pieces = by_instance;
  m.fn = piece_kernel(mpi_name, "mpi", list);
  m.range = "n = 1.." + std::to_string(kMaxBitN);
  m.refuse = [mpi_name](const Instance& x) -> std::optional<std::string> {
    if (x.n >= 1 && x.n <= kMaxBitN) return std::nullopt;
    return "n = " + std::to_string(x.n) + " is out of range for kernel '" + mpi_name + "' (1.." +
           std::to_string(kMaxBitN) + ")";
  };
  v.insert(v.begin() + static_cast<std::ptrdiff_t>(std::min(last + 1, v.size())), std::move(m));
}

}  // namespace sb::nqueens
