#!/bin/bash
# Builds Evgeny Kluev's N-Queens-Count-Sol (github.com/EvgenyKluev/N-Queens-Count-Sol, MIT), the
# peer that quadrant-join is measured against, in /tmp only (never committed): one binary per
# size, /tmp/kluev/kluevN, with its README's build line (g++ -std=c++20 -O3 main.cpp) plus
# -march=native (our choice; the README gives -march=haswell as an example), `size` set and that
# size's row of the parameter table in its solcounter.h (sieveCuts, matchMinSize, bmiIntrin,
# prefetch), prefetchx86.h and bmi2.h included, as its README describes. Run it as
# `/tmp/kluev/kluevN 1` (one thread) or `/tmp/kluev/kluevN 1 PARTS PART` (one of PARTS parts of
# its tasks); it prints "Result: Q(n)" (of the part).
#
#   bash scripts/nqueens/build_kluev.sh KLUEV_CHECKOUT N...
#
# KLUEV_CHECKOUT: a folder holding its commit 580f444, e.g. fetched with
#   git clone https://github.com/EvgenyKluev/N-Queens-Count-Sol /tmp/kluev-git
#   mkdir -p /tmp/kluev-src && git -C /tmp/kluev-git archive 580f444 | tar -x -C /tmp/kluev-src
# whose table rows
# are (n: sieveCuts matchMinSize bmiIntrin prefetch) 16-18: 0 40 F T, 19: 0 40 T T, 20: 3 60 T
# either (T here), 21: 3 60 T F, 22: 6 80 T T with the RowS subsquare symmetry (its
# QRowSymmetry quarters: half the memory).
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: build_kluev.sh KLUEV_CHECKOUT N..." >&2; exit 2; }
[ -d "$1" ] || { echo "build_kluev.sh: $1 is not a folder (a checkout of N-Queens-Count-Sol)" >&2; exit 2; }
src=$(cd "$1" && pwd)
shift
[ $# -gt 0 ] || { echo "build_kluev.sh: no size given" >&2; exit 2; }
[ -f "$src/solcounter.h" ] && [ -f "$src/main.cpp" ] ||
  { echo "build_kluev.sh: $src holds no N-Queens-Count-Sol checkout (no solcounter.h)" >&2; exit 2; }
mkdir -p /tmp/kluev
for n in "$@"; do
  case $n in
  16 | 17 | 18) cuts=0 min=40 bmi=false pre=true ;;
  19) cuts=0 min=40 bmi=true pre=true ;;
  20) cuts=3 min=60 bmi=true pre=true ;;
  21) cuts=3 min=60 bmi=true pre=false ;;
  22) cuts=6 min=80 bmi=true pre=true ;;
  *) echo "build_kluev.sh: no parameter row for n = $n" >&2; exit 2 ;;
  esac
  b=/tmp/kluev/src$n
  rm -rf "$b" && cp -r "$src" "$b"
  sed -i 's|^//#include "prefetchx86.h"|#include "prefetchx86.h"|' "$b/prefetch.h"
  sed -i 's|^//#include "bmi2.h"|#include "bmi2.h"|' "$b/bmintrin.h"
  sed -i -e "s/inline constexpr int size = [0-9]*;/inline constexpr int size = $n;/" \
    -e "s/\.sieveCuts = [0-9]*,/.sieveCuts = $cuts,/" \
    -e "s/\.matchMinSize = [0-9]*,/.matchMinSize = $min,/" \
    -e "s/\.bmiIntrin = [a-z]*,/.bmiIntrin = $bmi,/" -e "s/\.prefetch = [a-z]*,/.prefetch = $pre,/" \
    "$b/solcounter.h"
  grep -q "inline constexpr int size = $n;" "$b/solcounter.h" &&
    grep -q "\.sieveCuts = $cuts," "$b/solcounter.h" && grep -q "\.matchMinSize = $min," "$b/solcounter.h" &&
    grep -q "\.bmiIntrin = $bmi," "$b/solcounter.h" && grep -q "\.prefetch = $pre," "$b/solcounter.h" ||
    { echo "build_kluev.sh: $src is not commit 580f444 (its parameters could not be set)" >&2; exit 1; }
  if [ "$n" -ge 22 ]; then
    sed -i 's/using Quarter = Subsquare<size \/ 2, QNoSymmetry, PackIter>;/using Quarter = Subsquare<size \/ 2, QRowSymmetry, PackIter>;/' "$b/solcounter.h"
    grep -q "QRowSymmetry, PackIter" "$b/solcounter.h" || { echo "build_kluev.sh: RowS not set" >&2; exit 1; }
  fi
  (cd "$b" && g++ -std=c++20 -O3 -march=native main.cpp -o "/tmp/kluev/kluev$n")
done
