"""Summarizes a BLASROUTE_TRACE file as runs of consecutive calls with the same path and
reason: how many, their median measured time, and the first call's predictions (why.sh).
    python3 trace_runs.py trace.csv"""
import csv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from trace_rows import print_runs  # noqa: E402

print_runs(list(csv.DictReader(open(sys.argv[1]))))
