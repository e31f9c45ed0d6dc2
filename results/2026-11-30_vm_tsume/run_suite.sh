#!/bin/bash
cd /tmp/suite
exe=./searchbench
$exe tsume list -f csv > list.csv
/usr/bin/python3 -c "
import csv
for r in csv.DictReader(open('list.csv')): print(r['name'])
" > names.txt
echo "name,kernel,outcome,mate_length,length_proven,nodes,positions,wall_s,verified" > suite_dfpn.csv
while read n; do
  $exe tsume solve --problem $n -k dfpn --time-limit 60 --max-memory 1G -f csv 2>/dev/null | tail -1 | /usr/bin/python3 -c "
import csv,sys
r=next(csv.reader(sys.stdin))
# problem,instance,kernel,threads,outcome,mate_length,length_proven,main_line,main_line_kif,leftover,nodes,positions,wall_s,nodes_per_s,verified,sfen,interpositions
print(','.join([r[1],r[2],r[4],r[5],r[6],r[10],r[11],r[12],r[14]]))
" >> suite_dfpn.csv
done < names.txt
echo done > suite.done
