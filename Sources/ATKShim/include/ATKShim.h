#ifndef REUSEKIT_ATK_SHIM_H
#define REUSEKIT_ATK_SHIM_H
#include <stdint.h>

// ATK objects for ReuseKit, behind plain C types. An ATK object is a GObject subclass of
// AtkObject, and GObject's type system is macros (G_DEFINE_TYPE_WITH_CODE, interface tables) that
// Swift does not import: so the three types live here, and every call an assistive technology
// makes through the bridge is forwarded to one table of callbacks that Swift installs once, each
// given the object's `owner` (an opaque pointer to the Swift object behind it).
//
// Offsets are in Unicode scalars, as AT-SPI counts them. Strings returned by callbacks must be
// allocated with reusekit_atk_strdup (GLib's allocator: ATK frees them with g_free).

/// What an object implements beyond AtkObject (and AtkComponent, which every object has).
typedef enum {
  REUSEKIT_ATK_PLAIN = 0,
  REUSEKIT_ATK_TEXT = 1,
  REUSEKIT_ATK_EDITABLE_TEXT = 2,
} ReuseKitAtkKind;

/// The callbacks every object forwards to. Any may be NULL (the call then answers nothing).
typedef struct {
  int32_t (*child_count)(void *owner);
  /// A child object (borrowed: the shim takes its own reference), or NULL.
  void *(*child_at)(void *owner, int32_t index);
  int32_t (*index_in_parent)(void *owner);
  /// Sets bits of `states` (1 << AtkStateType) for the object's states now.
  uint64_t (*states)(void *owner);
  /// The object's rectangle in screen (coords 0) or window (coords 1) pixels.
  void (*extents)(void *owner, int32_t *x, int32_t *y, int32_t *width, int32_t *height, int32_t coords);
  int32_t (*grab_focus)(void *owner);

  char *(*text)(void *owner, int32_t start, int32_t end);
  int32_t (*character_count)(void *owner);
  uint32_t (*character_at)(void *owner, int32_t offset);
  char *(*string_at)(void *owner, int32_t offset, int32_t granularity, int32_t *start, int32_t *end);
  int32_t (*caret_offset)(void *owner);
  int32_t (*set_caret_offset)(void *owner, int32_t offset);
  int32_t (*selection_count)(void *owner);
  char *(*selection)(void *owner, int32_t index, int32_t *start, int32_t *end);
  /// Sets selection `index` (adds one when index is the count) to start..<end; removes it when start == end.
  int32_t (*set_selection)(void *owner, int32_t index, int32_t start, int32_t end);
  void (*character_extents)(
    void *owner, int32_t offset, int32_t *x, int32_t *y, int32_t *width, int32_t *height, int32_t coords);
  int32_t (*offset_at_point)(void *owner, int32_t x, int32_t y, int32_t coords);

  void (*set_contents)(void *owner, const char *text);
  /// Inserts `text` (UTF-8, `bytes` long) at *position (scalars), and moves *position past it.
  void (*insert_text)(void *owner, const char *text, int32_t bytes, int32_t *position);
  void (*delete_text)(void *owner, int32_t start, int32_t end);
} ReuseKitAtkCallbacks;

/// Installs the callbacks (once, before any object is made; the table must outlive the process).
void reusekit_atk_set_callbacks(const ReuseKitAtkCallbacks *callbacks);
/// A copy of `text` in GLib's allocator.
char *reusekit_atk_strdup(const char *text);

/// A new object of `kind` for `owner` (one reference, the caller's), with an AtkRole, a name and a parent.
void *reusekit_atk_object_new(ReuseKitAtkKind kind, void *owner, int32_t role, const char *name, void *parent);
/// Sets the owner the object's calls are forwarded with.
void reusekit_atk_object_set_owner(void *object, void *owner);
/// Forgets the owner (its Swift object is going): calls answer nothing from now on.
void reusekit_atk_object_detach(void *object);
void reusekit_atk_object_unref(void *object);
void reusekit_atk_object_set_name(void *object, const char *name);
void reusekit_atk_object_set_description(void *object, const char *description);
void reusekit_atk_object_set_role(void *object, int32_t role);
void reusekit_atk_object_set_parent(void *object, void *parent);
/// Adds `key: value` to the object's attributes (shown to clients as object attributes).
void reusekit_atk_object_set_attribute(void *object, const char *key, const char *value);

/// Makes `root` the application's accessible (AtkUtil's root), with the toolkit's name and version.
void reusekit_atk_set_root(void *root, const char *toolkit_name, const char *toolkit_version);
/// Starts atk-bridge (the AT-SPI2 adaptor); 0 on success.
int32_t reusekit_atk_bridge_start(void);
/// Stops atk-bridge.
void reusekit_atk_bridge_stop(void);
/// Runs GLib's default main context for what is ready now, at most `limit` dispatches.
/// Returns the number dispatched.
int32_t reusekit_atk_pump(int32_t limit);

void reusekit_atk_emit_text_inserted(void *object, int32_t position, int32_t length, const char *text);
void reusekit_atk_emit_text_deleted(void *object, int32_t position, int32_t length, const char *text);
void reusekit_atk_emit_caret_moved(void *object, int32_t offset);
void reusekit_atk_emit_selection_changed(void *object);
void reusekit_atk_emit_children_changed(void *object, int32_t index, void *child, int32_t added);
void reusekit_atk_emit_state_changed(void *object, int32_t state, int32_t value);
/// Tells clients that `child` is now the active descendant of `object` (a container that manages its descendants).
void reusekit_atk_emit_active_descendant_changed(void *object, void *child);

#endif
