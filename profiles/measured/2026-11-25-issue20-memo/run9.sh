set -u
bash profiles/measured/2026-11-25-issue20-memo/run8.sh > /dev/null 2>&1
mkdir -p $OUT/run8; mv $OUT/output.txt $OUT/machine.txt $OUT/run8/
cat $OUT/run8/machine.txt $OUT/run8/output.txt
bash profiles/measured/2026-11-25-issue20-memo/run7.sh > /dev/null 2>&1
mkdir -p $OUT/run7; mv $OUT/output.txt $OUT/machine.txt $OUT/run7/
cat $OUT/run7/output.txt
