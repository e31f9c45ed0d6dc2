#!/bin/bash
exec env SB_NOPASS=1 /tmp/sb_spec "$@"
