#include "core/signature.hpp"

#include <stdexcept>

#include "core/timing.hpp"

namespace sb {

std::vector<SignatureEntry> run_signature() {
  std::vector<SignatureEntry> out;
  for (const Problem* p : problems()) {
    for (const KernelInfo& k : p->kernels) {
      if (!k.deterministic) continue;
      for (const std::string& text : k.signature) {
        const Instance in = p->parse(text);
        if (k.refuse && k.refuse(in))
          throw std::logic_error("signature instance " + text + " is refused by " + p->name + "/" +
                                 k.name + ": " + *k.refuse(in));
        RunSettings s;
        s.threads = 1;
        auto [o, wall] = timed([&] { return k.run(in, s); });
        const std::uint64_t count = p->signature_count ? p->signature_count(in, o) : o.nodes;
        out.push_back({p, &k, in.name, count, o.nodes, p->verify(in, s, o), wall});
      }
    }
  }
  return out;
}

}  // namespace sb
