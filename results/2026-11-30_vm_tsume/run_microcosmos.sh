#!/bin/bash
cd /tmp/micro
/usr/bin/time -v ./searchbench tsume solve --sfen "g1+P1k1+P+P+L/1p3P3/+R+p2pp1pl/1NNsg+p2+R/+b+nL+P1+p3/1P3ssP1/2P1+Ps2N/4+P1P1L/+B5G1g b - 1" -k dfpn --time-limit 1800 --max-memory 8G -f json > micro.json 2> micro.err
echo done > micro.done
