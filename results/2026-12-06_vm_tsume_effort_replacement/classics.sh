#!/bin/bash
# The long set's four classics with `tsume solve -k dfpn`, BASE and NEW builds one after the other
# per problem, table MEM (default 1G): one line per run on stdout.
#   BASE=/tmp/sb_base NEW=/tmp/sb_new bash classics.sh 1G > classics_1G.txt
set -u
mem=${1:-1G}
for p in zuko-001 zuko-099 muso-100 zuko-100; do
  for b in BASE NEW; do
    out=$("${!b}" tsume solve --puzzle $p -k dfpn --max-memory $mem --time-limit 120 2>&1)
    echo "$p $b $mem $(echo "$out" | grep -E '^result|^known length|^minimal|^nodes|^wall' | sed 's/  */ /g' | tr '\n' '|')"
  done
done
