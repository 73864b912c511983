#ifndef SCROLLWORK_CX11_SHIM_H
#define SCROLLWORK_CX11_SHIM_H

// Xlib, the MIT-SHM extension (shared-memory images) and System V shared
// memory, for the viewer's window (Sources/Viewer).
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/keysym.h>
#include <X11/extensions/XShm.h>
#include <sys/ipc.h>
#include <sys/shm.h>

#endif
