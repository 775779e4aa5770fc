/* Session 29: where auto mode's extra time in a reference dgesv 1024 goes (development machine,
 * --device cpu as the workload suite runs it). The first calls of getrf's and getrs's shapes, each
 * timed with the process's minor page faults around it:
 *     gcc -O2 -o first_calls first_calls.c -L/usr/lib/x86_64-linux-gnu/blas -lblas
 *     env LD_PRELOAD=.libs/libblasroute.so BLASROUTE_DEVICE=cpu BLASROUTE_MODE=auto ./first_calls
 * (and BLASROUTE_MODE=cpu beside it). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#define _GNU_SOURCE
#include <sys/resource.h>
static long flt(void){struct rusage u;getrusage(RUSAGE_SELF,&u);return u.ru_minflt;}
void dgemm_(const char*,const char*,const int*,const int*,const int*,const double*,const double*,const int*,const double*,const int*,const double*,double*,const int*);
void dtrsm_(const char*,const char*,const char*,const char*,const int*,const int*,const double*,const double*,const int*,double*,const int*);
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+1e-9*t.tv_nsec;}
int main(void){
  int n=1024,r=256,k=64,m=960; double one=1,mone=-1;
  double *a=malloc(8.0*n*n), *b=malloc(8.0*n*r), *c=malloc(8.0*n*n);
  for(long i=0;i<(long)n*n;i++){a[i]=(i%n==i/n)?4.0:0.001*(rand()%100);c[i]=0.01*(rand()%100);}
  for(long i=0;i<(long)n*r;i++)b[i]=0.01*(rand()%100);
  long f0=flt(); double t0=now(); dgemm_("N","N",&m,&m,&k,&mone,a,&n,a,&n,&one,c,&n); double t1=now(); long f1=flt();
  dgemm_("N","N",&m,&m,&k,&mone,a,&n,a,&n,&one,c,&n); double t2=now(); long f2=flt();
  dtrsm_("L","L","N","U",&n,&r,&one,a,&n,b,&n); double t3=now(); long f3=flt();
  dtrsm_("L","L","N","U",&n,&r,&one,a,&n,b,&n); double t4=now(); long f4=flt();
  printf("gemm1 %.3f gemm2 %.3f trsm1 %.3f trsm2 %.3f ms faults %ld %ld %ld %ld\n",(t1-t0)*1e3,(t2-t1)*1e3,(t3-t2)*1e3,(t4-t3)*1e3,f1-f0,f2-f1,f3-f2,f4-f3);
  return 0;}
