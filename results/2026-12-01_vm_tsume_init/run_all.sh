#!/bin/bash
# Every run of this folder, one after another (NOTES.md). SEARCHBENCH: the binary to measure (a
# copy, so that the build may change meanwhile); default: build/searchbench of this checkout.
# muso-022 is given a 14G table, as in ../2026-12-01_vm_tsume_dh (it used 4.2 GB here; the VM has
# 24 GiB).
set -u
cd "$(dirname "$0")"
export SEARCHBENCH=${SEARCHBENCH:-$(cd ../.. && pwd)/build/searchbench}
bash run_suite.sh dfpn > summary_dfpn.txt 2>&1
bash run_suite.sh dfpn-tbb > summary_dfpn-tbb.txt 2>&1
bash run_mainline.sh dfpn > mainline_summary_dfpn.txt 2>&1
bash run_mainline.sh dfpn-tbb > mainline_summary_dfpn-tbb.txt 2>&1
/usr/bin/time -v "$SEARCHBENCH" tsume solve --problem muso-022 -k dfpn --max-memory 14G -f json > muso022.json 2> muso022.log
/usr/bin/time -v "$SEARCHBENCH" tsume solve --problem muso-022 -k dfpn-tbb --threads 2 --max-memory 14G -f json > muso022_tbb.json 2> muso022_tbb.log
