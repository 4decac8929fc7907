// dtrace(1)'s text layout of a firing: the "CPU ID FUNCTION:NAME" prefix
// (or -F's flow), each record's text, the newline when the next firing
// starts (end_line()). Quiet mode prints the records alone.
#pragma once

#include <cstdio>

#include "consume/firing.h"

namespace dtrace::consume {

class SessionActions;

// walk_firing() through the text layout.
Status print_firing_text(const FiringView& f, PrintState& st, SessionActions& session, FILE* out);

}  // namespace dtrace::consume
