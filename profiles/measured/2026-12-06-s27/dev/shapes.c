/* potrf-like stream: for j in steps of 64: dsyrk(64, j) small, dgemm(N-j-64, 64, j), dtrsm small; times each class */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
void dgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
            const double *, const int *, const double *, const int *, const double *, double *,
            const int *, size_t, size_t);
void dsyrk_(const char*,const char*,const int*,const int*,const double*,const double*,const int*,const double*,double*,const int*,size_t,size_t);
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec*1e-9;}
int main(int argc,char**argv){int n=atoi(argv[1]); int nb=64;
 double*a=malloc((size_t)n*n*8);for(long i=0;i<(long)n*n;i++)a[i]=1e-3*(i%7);
 double one=1,mone=-1; double tg=0,ts=0,t0=now();
 for(int j=0;j<n;j+=nb){int jb=nb; int rest=n-j-jb;
   double t=now(); dsyrk_("L","N",&jb,&j,&mone,a+j,&n,&one,a+j+(long)j*n,&n,1,1); ts+=now()-t;
   if(rest>0&&j>0){t=now(); dgemm_("N","T",&rest,&jb,&j,&mone,a+j+jb,&n,a+j,&n,&one,a+j+jb+(long)j*n,&n,1,1); double d=now()-t; tg+=d; if(getenv("PER")) fprintf(stderr,"%d %.1f\n",j,d*1e6);}
 }
 printf("total %.3f gemm %.3f syrk %.3f ms\n",(now()-t0)*1e3,tg*1e3,ts*1e3);return 0;}
