#include "ATKShim.h"
#include <at-spi2-atk/2.0/atk-bridge.h>
#include <atk/atk.h>
#include <string.h>

// Three GObject types, subclasses of AtkObject: plain (AtkComponent), text (AtkText too) and
// editable text (AtkEditableText too). Each instance holds its Swift owner; every virtual method
// forwards to the callback table with it. An object whose owner is gone answers nothing.

static const ReuseKitAtkCallbacks *callbacks = NULL;

void reusekit_atk_set_callbacks(const ReuseKitAtkCallbacks *table) { callbacks = table; }

char *reusekit_atk_strdup(const char *text) { return g_strdup(text ? text : ""); }

typedef struct {
  AtkObject parent;
  void *owner;
} ReuseKitAccessible;

typedef struct {
  AtkObjectClass parent_class;
} ReuseKitAccessibleClass;

#define OWNER(object) (((ReuseKitAccessible *)(object))->owner)
#define CALL(name) (callbacks && callbacks->name && owner)

// MARK: AtkObject

static gint n_children(AtkObject *object) {
  void *owner = OWNER(object);
  return CALL(child_count) ? callbacks->child_count(owner) : 0;
}

static AtkObject *ref_child(AtkObject *object, gint index) {
  void *owner = OWNER(object);
  if (!CALL(child_at)) return NULL;
  AtkObject *child = callbacks->child_at(owner, index);
  return child ? g_object_ref(child) : NULL;
}

static gint index_in_parent(AtkObject *object) {
  void *owner = OWNER(object);
  return CALL(index_in_parent) ? callbacks->index_in_parent(owner) : -1;
}

static AtkStateSet *ref_state_set(AtkObject *object) {
  AtkStateSet *set = atk_state_set_new();
  void *owner = OWNER(object);
  if (!CALL(states)) {
    atk_state_set_add_state(set, ATK_STATE_DEFUNCT);
    return set;
  }
  uint64_t bits = callbacks->states(owner);
  for (int state = 0; state < 64 && state < ATK_STATE_LAST_DEFINED; state++) {
    if (bits & ((uint64_t)1 << state)) atk_state_set_add_state(set, (AtkStateType)state);
  }
  return set;
}

static AtkAttributeSet *get_attributes(AtkObject *object);

static void accessible_class_init(ReuseKitAccessibleClass *klass) {
  AtkObjectClass *object_class = ATK_OBJECT_CLASS(klass);
  object_class->get_attributes = get_attributes;
  object_class->get_n_children = n_children;
  object_class->ref_child = ref_child;
  object_class->get_index_in_parent = index_in_parent;
  object_class->ref_state_set = ref_state_set;
}

static void accessible_init(ReuseKitAccessible *self) { self->owner = NULL; }

// MARK: AtkComponent

static void component_get_extents(
  AtkComponent *component, gint *x, gint *y, gint *width, gint *height, AtkCoordType coords) {
  void *owner = OWNER(component);
  int32_t rx = 0, ry = 0, rw = 0, rh = 0;
  if (CALL(extents)) callbacks->extents(owner, &rx, &ry, &rw, &rh, (int32_t)coords);
  if (x) *x = rx;
  if (y) *y = ry;
  if (width) *width = rw;
  if (height) *height = rh;
}

static gboolean component_grab_focus(AtkComponent *component) {
  void *owner = OWNER(component);
  return CALL(grab_focus) ? callbacks->grab_focus(owner) != 0 : FALSE;
}

static void component_init(AtkComponentIface *iface) {
  iface->get_extents = component_get_extents;
  iface->grab_focus = component_grab_focus;
}

// MARK: AtkText

static gchar *text_get_text(AtkText *text, gint start, gint end) {
  void *owner = OWNER(text);
  return CALL(text) ? callbacks->text(owner, start, end) : g_strdup("");
}

static gint text_character_count(AtkText *text) {
  void *owner = OWNER(text);
  return CALL(character_count) ? callbacks->character_count(owner) : 0;
}

static gunichar text_character_at(AtkText *text, gint offset) {
  void *owner = OWNER(text);
  return CALL(character_at) ? callbacks->character_at(owner, offset) : 0;
}

static gchar *text_string_at(
  AtkText *text, gint offset, AtkTextGranularity granularity, gint *start, gint *end) {
  void *owner = OWNER(text);
  int32_t s = 0, e = 0;
  gchar *result = CALL(string_at) ? callbacks->string_at(owner, offset, (int32_t)granularity, &s, &e) : NULL;
  if (start) *start = s;
  if (end) *end = e;
  return result ? result : g_strdup("");
}

// The deprecated boundary calls, for old clients: the boundary's granularity around the offset.
static gchar *text_at_offset(AtkText *text, gint offset, AtkTextBoundary boundary, gint *start, gint *end) {
  // CHAR is 0; WORD_START/END 1 and 2, SENTENCE_START/END 3 and 4, LINE_START/END 5 and 6.
  AtkTextGranularity granularity = (AtkTextGranularity)((boundary + 1) / 2);
  return text_string_at(text, offset, granularity, start, end);
}

static gint text_caret_offset(AtkText *text) {
  void *owner = OWNER(text);
  return CALL(caret_offset) ? callbacks->caret_offset(owner) : -1;
}

static gboolean text_set_caret_offset(AtkText *text, gint offset) {
  void *owner = OWNER(text);
  return CALL(set_caret_offset) ? callbacks->set_caret_offset(owner, offset) != 0 : FALSE;
}

static gint text_selection_count(AtkText *text) {
  void *owner = OWNER(text);
  return CALL(selection_count) ? callbacks->selection_count(owner) : 0;
}

static gchar *text_selection(AtkText *text, gint index, gint *start, gint *end) {
  void *owner = OWNER(text);
  int32_t s = 0, e = 0;
  gchar *result = CALL(selection) ? callbacks->selection(owner, index, &s, &e) : NULL;
  if (start) *start = s;
  if (end) *end = e;
  return result;
}

static gboolean text_add_selection(AtkText *text, gint start, gint end) {
  void *owner = OWNER(text);
  if (!CALL(set_selection) || !CALL(selection_count)) return FALSE;
  return callbacks->set_selection(owner, callbacks->selection_count(owner), start, end) != 0;
}

static gboolean text_remove_selection(AtkText *text, gint index) {
  void *owner = OWNER(text);
  return CALL(set_selection) ? callbacks->set_selection(owner, index, 0, 0) != 0 : FALSE;
}

static gboolean text_set_selection(AtkText *text, gint index, gint start, gint end) {
  void *owner = OWNER(text);
  return CALL(set_selection) ? callbacks->set_selection(owner, index, start, end) != 0 : FALSE;
}

static void text_character_extents(
  AtkText *text, gint offset, gint *x, gint *y, gint *width, gint *height, AtkCoordType coords) {
  void *owner = OWNER(text);
  int32_t rx = 0, ry = 0, rw = 0, rh = 0;
  if (CALL(character_extents)) callbacks->character_extents(owner, offset, &rx, &ry, &rw, &rh, (int32_t)coords);
  if (x) *x = rx;
  if (y) *y = ry;
  if (width) *width = rw;
  if (height) *height = rh;
}

static gint text_offset_at_point(AtkText *text, gint x, gint y, AtkCoordType coords) {
  void *owner = OWNER(text);
  return CALL(offset_at_point) ? callbacks->offset_at_point(owner, x, y, (int32_t)coords) : -1;
}

// No text attributes: one run over the whole text, so that a client cutting the text by runs (Orca
// does, by language) cuts no empty ones.
static AtkAttributeSet *text_run_attributes(AtkText *text, gint offset, gint *start, gint *end) {
  (void)offset;
  if (start) *start = 0;
  if (end) *end = text_character_count(text);
  return NULL;
}

static void text_init(AtkTextIface *iface) {
  iface->get_text = text_get_text;
  iface->get_character_count = text_character_count;
  iface->get_character_at_offset = text_character_at;
  iface->get_string_at_offset = text_string_at;
  iface->get_text_at_offset = text_at_offset;
  iface->get_caret_offset = text_caret_offset;
  iface->set_caret_offset = text_set_caret_offset;
  iface->get_n_selections = text_selection_count;
  iface->get_selection = text_selection;
  iface->add_selection = text_add_selection;
  iface->remove_selection = text_remove_selection;
  iface->set_selection = text_set_selection;
  iface->get_character_extents = text_character_extents;
  iface->get_offset_at_point = text_offset_at_point;
  iface->get_run_attributes = text_run_attributes;
}

// MARK: AtkEditableText

static void editable_set_contents(AtkEditableText *text, const gchar *string) {
  void *owner = OWNER(text);
  if (CALL(set_contents)) callbacks->set_contents(owner, string);
}

static void editable_insert(AtkEditableText *text, const gchar *string, gint length, gint *position) {
  void *owner = OWNER(text);
  if (!CALL(insert_text) || !string || !position) return;
  int32_t bytes = length < 0 ? (int32_t)strlen(string) : length;
  int32_t at = *position;
  callbacks->insert_text(owner, string, bytes, &at);
  *position = at;
}

static void editable_delete(AtkEditableText *text, gint start, gint end) {
  void *owner = OWNER(text);
  if (CALL(delete_text)) callbacks->delete_text(owner, start, end);
}

static void editable_init(AtkEditableTextIface *iface) {
  iface->set_text_contents = editable_set_contents;
  iface->insert_text = editable_insert;
  iface->delete_text = editable_delete;
}

// MARK: Types

static GType register_type(const char *name, gboolean text, gboolean editable) {
  static const GTypeInfo info = {
    sizeof(ReuseKitAccessibleClass), NULL, NULL, (GClassInitFunc)accessible_class_init, NULL, NULL,
    sizeof(ReuseKitAccessible), 0, (GInstanceInitFunc)accessible_init, NULL,
  };
  GType type = g_type_register_static(ATK_TYPE_OBJECT, name, &info, 0);
  static const GInterfaceInfo component = {(GInterfaceInitFunc)component_init, NULL, NULL};
  g_type_add_interface_static(type, ATK_TYPE_COMPONENT, &component);
  if (text) {
    static const GInterfaceInfo text_info = {(GInterfaceInitFunc)text_init, NULL, NULL};
    g_type_add_interface_static(type, ATK_TYPE_TEXT, &text_info);
  }
  if (editable) {
    static const GInterfaceInfo editable_info = {(GInterfaceInitFunc)editable_init, NULL, NULL};
    g_type_add_interface_static(type, ATK_TYPE_EDITABLE_TEXT, &editable_info);
  }
  return type;
}

static GType type_for(ReuseKitAtkKind kind) {
  static GType types[3] = {0, 0, 0};
  if (!types[0]) {
    types[0] = register_type("ReuseKitAccessible", FALSE, FALSE);
    types[1] = register_type("ReuseKitTextAccessible", TRUE, FALSE);
    types[2] = register_type("ReuseKitEditableTextAccessible", TRUE, TRUE);
  }
  return types[kind <= REUSEKIT_ATK_EDITABLE_TEXT ? kind : 0];
}

void *reusekit_atk_object_new(ReuseKitAtkKind kind, void *owner, int32_t role, const char *name, void *parent) {
  AtkObject *object = ATK_OBJECT(g_object_new_with_properties(type_for(kind), 0, NULL, NULL));
  ((ReuseKitAccessible *)object)->owner = owner;
  atk_object_set_role(object, (AtkRole)role);
  if (name) atk_object_set_name(object, name);
  if (parent) atk_object_set_parent(object, ATK_OBJECT(parent));
  return object;
}

void reusekit_atk_object_set_owner(void *object, void *owner) { ((ReuseKitAccessible *)object)->owner = owner; }

void reusekit_atk_object_detach(void *object) { ((ReuseKitAccessible *)object)->owner = NULL; }

void reusekit_atk_object_unref(void *object) { g_object_unref(object); }

void reusekit_atk_object_set_name(void *object, const char *name) { atk_object_set_name(ATK_OBJECT(object), name); }

void reusekit_atk_object_set_description(void *object, const char *description) {
  atk_object_set_description(ATK_OBJECT(object), description);
}

void reusekit_atk_object_set_role(void *object, int32_t role) { atk_object_set_role(ATK_OBJECT(object), (AtkRole)role); }

void reusekit_atk_object_set_parent(void *object, void *parent) {
  atk_object_set_parent(ATK_OBJECT(object), parent ? ATK_OBJECT(parent) : NULL);
}

static GQuark attributes_quark(void) { return g_quark_from_static_string("reusekit-attributes"); }

static void free_attributes(gpointer data) { atk_attribute_set_free((AtkAttributeSet *)data); }

static AtkAttributeSet *get_attributes(AtkObject *object) {
  AtkAttributeSet *stored = g_object_get_qdata(G_OBJECT(object), attributes_quark());
  AtkAttributeSet *copy = NULL;
  for (GSList *item = stored; item; item = item->next) {
    AtkAttribute *attribute = item->data;
    AtkAttribute *duplicate = g_new(AtkAttribute, 1);
    duplicate->name = g_strdup(attribute->name);
    duplicate->value = g_strdup(attribute->value);
    copy = g_slist_append(copy, duplicate);
  }
  return copy;
}

void reusekit_atk_object_set_attribute(void *object, const char *key, const char *value) {
  AtkAttributeSet *stored = g_object_steal_qdata(G_OBJECT(object), attributes_quark());
  for (GSList *item = stored; item; item = item->next) {
    AtkAttribute *attribute = item->data;
    if (strcmp(attribute->name, key) == 0) {
      g_free(attribute->value);
      attribute->value = g_strdup(value);
      g_object_set_qdata_full(G_OBJECT(object), attributes_quark(), stored, free_attributes);
      return;
    }
  }
  AtkAttribute *attribute = g_new(AtkAttribute, 1);
  attribute->name = g_strdup(key);
  attribute->value = g_strdup(value);
  stored = g_slist_append(stored, attribute);
  g_object_set_qdata_full(G_OBJECT(object), attributes_quark(), stored, free_attributes);
}

// MARK: The application

static AtkObject *root_object = NULL;
static gchar *toolkit_name = NULL;
static gchar *toolkit_version = NULL;

static AtkObject *util_get_root(void) { return root_object; }
static const gchar *util_toolkit_name(void) { return toolkit_name; }
static const gchar *util_toolkit_version(void) { return toolkit_version; }

void reusekit_atk_set_root(void *root, const char *name, const char *version) {
  if (root) g_object_ref(root);
  if (root_object) g_object_unref(root_object);
  root_object = root;
  g_free(toolkit_name);
  g_free(toolkit_version);
  toolkit_name = g_strdup(name);
  toolkit_version = g_strdup(version);
  AtkUtilClass *klass = g_type_class_ref(ATK_TYPE_UTIL);
  klass->get_root = util_get_root;
  klass->get_toolkit_name = util_toolkit_name;
  klass->get_toolkit_version = util_toolkit_version;
  g_type_class_unref(klass);
}

int32_t reusekit_atk_bridge_start(void) { return atk_bridge_adaptor_init(NULL, NULL); }

void reusekit_atk_bridge_stop(void) { atk_bridge_adaptor_cleanup(); }

int32_t reusekit_atk_pump(int32_t limit) {
  int32_t count = 0;
  while (count < limit && g_main_context_iteration(NULL, FALSE)) count++;
  return count;
}

// MARK: Events

void reusekit_atk_emit_text_inserted(void *object, int32_t position, int32_t length, const char *text) {
  g_signal_emit_by_name(object, "text-insert", position, length, text ? text : "");
}

void reusekit_atk_emit_text_deleted(void *object, int32_t position, int32_t length, const char *text) {
  g_signal_emit_by_name(object, "text-remove", position, length, text ? text : "");
}

void reusekit_atk_emit_caret_moved(void *object, int32_t offset) {
  g_signal_emit_by_name(object, "text-caret-moved", offset);
}

void reusekit_atk_emit_selection_changed(void *object) { g_signal_emit_by_name(object, "text-selection-changed"); }

void reusekit_atk_emit_children_changed(void *object, int32_t index, void *child, int32_t added) {
  g_signal_emit_by_name(object, added ? "children-changed::add" : "children-changed::remove", index, child);
}

void reusekit_atk_emit_state_changed(void *object, int32_t state, int32_t value) {
  atk_object_notify_state_change(ATK_OBJECT(object), (AtkState)state, value != 0);
}

void reusekit_atk_emit_active_descendant_changed(void *object, void *child) {
  g_signal_emit_by_name(object, "active-descendant-changed", child);
}
