#!/bin/bash
# This run's Microcosmos (scripts/tsume/microcosmos.sh: dfpn, 8G table, 30 minutes): writes
# microcosmos.json and microcosmos.log here.
here=$(cd "$(dirname "$0")" && pwd)
exec bash "$here/../../scripts/tsume/microcosmos.sh" "$here" microcosmos.log
