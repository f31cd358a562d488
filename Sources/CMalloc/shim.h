// glibc's malloc extensions (malloc.h), which the Glibc module leaves out:
// malloc_trim, for HeapTrim.swift, the one Swift file that calls them.
#include <malloc.h>
