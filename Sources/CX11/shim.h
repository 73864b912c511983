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
#include <dlfcn.h>

// XInput 2 (smooth scrolling), loaded at run time from libXi.so.6 so that
// building needs no libXi headers and a machine without libXi still runs
// the viewer on core events. These mirror the XInput2.h structures the
// viewer reads; their layout is the protocol library's stable ABI (XI 2.0
// and 2.1). Names carry an sw_ prefix so they never clash with the real
// header.
enum {
  sw_XI_ButtonPress = 4,
  sw_XI_ButtonRelease = 5,
  sw_XI_Motion = 6,
  sw_XI_Enter = 7,
  sw_XI_DeviceChanged = 1,
  sw_XIAllMasterDevices = 1,
  sw_XIMasterPointer = 1,
  sw_XIScrollClass = 3,
  sw_XIScrollTypeVertical = 1,
  sw_XIScrollTypeHorizontal = 2,
  sw_XIPointerEmulated = 1 << 16,
};

typedef struct {
  int deviceid;
  int mask_len;
  unsigned char *mask;
} sw_XIEventMask;

typedef struct {
  int type;
  int sourceid;
} sw_XIAnyClassInfo;

typedef struct {
  int type;
  int sourceid;
  int number;
  int scroll_type;
  double increment;
  int flags;
} sw_XIScrollClassInfo;

typedef struct {
  int deviceid;
  char *name;
  int use;
  int attachment;
  Bool enabled;
  int num_classes;
  sw_XIAnyClassInfo **classes;
} sw_XIDeviceInfo;

typedef struct {
  int mask_len;
  unsigned char *mask;
  double *values;
} sw_XIValuatorState;

typedef struct {
  int mask_len;
  unsigned char *mask;
} sw_XIButtonState;

typedef struct {
  int base;
  int latched;
  int locked;
  int effective;
} sw_XIModifierState;

typedef struct {
  int type;
  unsigned long serial;
  Bool send_event;
  Display *display;
  int extension;
  int evtype;
  Time time;
  int deviceid;
  int sourceid;
  int detail;
  Window root;
  Window event;
  Window child;
  double root_x;
  double root_y;
  double event_x;
  double event_y;
  int flags;
  sw_XIButtonState buttons;
  sw_XIValuatorState valuators;
  sw_XIModifierState mods;
  sw_XIModifierState group;
} sw_XIDeviceEvent;

typedef Status (*sw_XIQueryVersion_fn)(Display *, int *, int *);
typedef Status (*sw_XISelectEvents_fn)(Display *, Window, sw_XIEventMask *, int);
typedef sw_XIDeviceInfo *(*sw_XIQueryDevice_fn)(Display *, int, int *);
typedef void (*sw_XIFreeDeviceInfo_fn)(sw_XIDeviceInfo *);

#endif
