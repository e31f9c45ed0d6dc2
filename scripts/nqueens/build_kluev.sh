#!/bin/bash
# Builds Evgeny Kluev's N-Queens-Count-Sol (github.com/EvgenyKluev/N-Queens-Count-Sol, MIT), the
# peer that quadrant-join is measured against, in /tmp only (never committed): one binary per
# size, /tmp/kluev/kluevN, as its README says (g++ -std=c++20 -O3 -march=native main.cpp) with
# `size` set and that size's row of the parameter table in its solcounter.h (sieveCuts,
# matchMinSize, bmiIntrin, prefetch), prefetchx86.h and bmi2.h included. Run it as
# `/tmp/kluev/kluevN 1` (one thread); it prints "Result: Q(n)".
#
#   bash scripts/nqueens/build_kluev.sh KLUEV_CHECKOUT N...
#
# KLUEV_CHECKOUT: its commit 580f444 (`git archive 580f444 | tar -x -C DIR`), whose table rows
# are (n: sieveCuts matchMinSize bmiIntrin prefetch) 16-18: 0 40 F T, 19: 0 40 T T, 20: 3 60 T
# either (T here), 21: 3 60 T F, 22: 6 80 T T with the RowS subsquare symmetry (its
# QRowSymmetry quarters: half the memory).
set -euo pipefail
src=$(cd "${1:?usage: build_kluev.sh KLUEV_CHECKOUT N...}" && pwd)
shift
[ $# -gt 0 ] || { echo "build_kluev.sh: no size given" >&2; exit 2; }
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
  if [ "$n" -ge 22 ]; then
    sed -i 's/using Quarter = Subsquare<size \/ 2, QNoSymmetry, PackIter>;/using Quarter = Subsquare<size \/ 2, QRowSymmetry, PackIter>;/' "$b/solcounter.h"
    grep -q "QRowSymmetry, PackIter" "$b/solcounter.h" || { echo "build_kluev.sh: RowS not set" >&2; exit 1; }
  fi
  (cd "$b" && g++ -std=c++20 -O3 -march=native main.cpp -o "/tmp/kluev/kluev$n")
done
