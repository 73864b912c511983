// The module's umbrella header.
#include "RasterShim.h"
#include "Composite.h"
#include "Formats.h"
