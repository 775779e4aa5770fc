set terminal pngcairo size 1200,800 noenhanced font ',10'
set output 'profiles/measured/2026-11-26-issue23-plot/h200-dgemm.png'
set logscale xy
set grid
set key outside right top
set datafile missing 'NaN'
set xlabel 'order (cube root of m n k)'
set ylabel 'GFLOP/s'
set title 'blasroute-bench: measured (solid) and predicted (dashed); crossovers: measured (solid lines), predicted (dashed)'
set arrow from 512, graph 0 to 512, graph 1 nohead lc 4 lw 1.5
set label 'dgemm NN measured 512' at 512, graph 0.05 rotate by 90 offset 1,0
set arrow from 512, graph 0 to 512, graph 1 nohead lc 4 dt 2
set label 'dgemm NN predicted 512' at 512, graph 0.55 rotate by 90 offset 1,0
plot 'profiles/measured/2026-11-26-issue23-plot/h200-dgemm.png.dat' index 0 using 1:2 with linespoints lc 1 pt 1 title 'dgemm NN cpu', \
     'profiles/measured/2026-11-26-issue23-plot/h200-dgemm.png.dat' index 0 using 1:3 with linespoints lc 2 pt 2 title 'dgemm NN br-res', \
     'profiles/measured/2026-11-26-issue23-plot/h200-dgemm.png.dat' index 0 using 1:4 with linespoints lc 3 pt 3 title 'dgemm NN br-kern', \
     'profiles/measured/2026-11-26-issue23-plot/h200-dgemm.png.dat' index 0 using 1:5 with linespoints lc 4 pt 4 title 'dgemm NN br-device', \
     'profiles/measured/2026-11-26-issue23-plot/h200-dgemm.png.dat' index 0 using 1:6 with linespoints lc 5 pt 5 title 'dgemm NN br-auto', \
     'profiles/measured/2026-11-26-issue23-plot/h200-dgemm.png.dat' index 0 using 1:7 with linespoints lc 6 pt 6 title 'dgemm NN clb-res', \
     'profiles/measured/2026-11-26-issue23-plot/h200-dgemm.png.dat' index 0 using 1:8 with linespoints lc 7 pt 7 title 'dgemm NN clb-e2e', \
     'profiles/measured/2026-11-26-issue23-plot/h200-dgemm.png.dat' index 0 using 1:9 with linespoints lc 8 pt 8 title 'dgemm NN nvb-e2e', \
     'profiles/measured/2026-11-26-issue23-plot/h200-dgemm.png.dat' index 0 using 1:10 with lines lc 1 dt 2 title 'dgemm NN predicted CPU', \
     'profiles/measured/2026-11-26-issue23-plot/h200-dgemm.png.dat' index 0 using 1:11 with lines lc 4 dt 3 title 'dgemm NN predicted device'
