#!/bin/bash
# Every run of this folder, one after another (NOTES.md). SEARCHBENCH: the binary to measure (a
# copy, so that the build may change meanwhile); default: build/searchbench of this checkout.
# BEFORE: the binary of the commit before the change, for the suite's "before" column.
set -u
cd "$(dirname "$0")"
export SEARCHBENCH=${SEARCHBENCH:-$(cd ../.. && pwd)/build/searchbench}
if [ -n "${BEFORE:-}" ]; then
  mkdir -p before
  SEARCHBENCH=$BEFORE bash ../../scripts/tsume/suite.sh before dfpn > before/summary_dfpn.txt 2>&1
fi
bash run_suite.sh dfpn > summary_dfpn.txt 2>&1
bash run_suite.sh dfpn-tbb -t 2 > summary_dfpn-tbb.txt 2>&1
bash run_mainline.sh dfpn > mainline_summary_dfpn.txt 2>&1
bash run_mainline.sh dfpn-tbb -t 2 > mainline_summary_dfpn-tbb.txt 2>&1
bash run_long.sh dfpn 1
bash run_long.sh dfpn-tbb 2
bash run_long.sh dfpn 1 microcosmos
