#ifndef EXPLORER_CEDITLINE_SHIM_H
#define EXPLORER_CEDITLINE_SHIM_H
// libedit's readline compatibility layer. Never <readline/readline.h>: that is GNU readline,
// which is also installed on Debian and silently mismatches libedit's symbols.
#include <stdio.h>
#include <editline/readline.h>
#endif
