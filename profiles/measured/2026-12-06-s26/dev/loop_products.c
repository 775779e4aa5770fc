#include <stdio.h>
#include <stdlib.h>
#include <time.h>
void dgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
            const double *, const int *, const double *, const int *, const double *, double *,
            const int *, size_t, size_t);
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec*1e-9;}
int main(int argc,char**argv){int m=atoi(argv[1]),k=atoi(argv[2]),reps=atoi(argv[3]);
 double*a=calloc((size_t)m*k,8),*c=calloc((size_t)m*m,8);for(long i=0;i<(long)m*k;i++)a[i]=1e-3*(i%7);
 double one=1,mone=-1; double best=1e9,sum=0;
 for(int r=0;r<reps;r++){double t=now();dgemm_("N","T",&m,&m,&k,&mone,a,&m,a,&m,&one,c,&m,1,1);t=now()-t;if(r>=reps/4){sum+=t;if(t<best)best=t;}}
 printf("best %.1f us mean %.1f us\n",best*1e6,sum/(reps-reps/4)*1e6);return 0;}
