/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Everything in the dtrace ABI, for callers that want it all. */
#ifndef _DTRACE_UAPI_DTRACE_H
#define _DTRACE_UAPI_DTRACE_H
#include "version.h"
#include "types.h"
#include "faults.h"
#include "dif.h"
#include "actions.h"
#include "options.h"
#include "prog.h"
#include "buf.h"
#include "ioctl.h"
#include "limits.h"
#endif
