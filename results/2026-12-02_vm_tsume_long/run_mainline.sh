#!/bin/bash
# This run's main-line positions: bash run_mainline.sh [kernel] [searchbench options...] writes
# mainline_<kernel>.csv here (scripts/tsume/mainline.sh; mainline_positions.csv is reused).
here=$(cd "$(dirname "$0")" && pwd)
exec bash "$here/../../scripts/tsume/mainline.sh" "$here" "$@"
