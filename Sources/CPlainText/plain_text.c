#include "plain_text.h"
