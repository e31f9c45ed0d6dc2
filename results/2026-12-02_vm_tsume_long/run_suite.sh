#!/bin/bash
# This run's suite: bash run_suite.sh [kernel] [searchbench options...] writes suite_<kernel>.csv
# here (scripts/tsume/suite.sh: one problem at a time, --time-limit 60, --max-memory 1G).
here=$(cd "$(dirname "$0")" && pwd)
exec bash "$here/../../scripts/tsume/suite.sh" "$here" "$@"
