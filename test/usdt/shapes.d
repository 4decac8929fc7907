/*
 * The provider definitions real projects' probes.d files are made of,
 * read with dtrace -C -I (test/usdt/CMakeLists.txt, build_shapes.sh):
 * an #include of cpp macros for types, a struct pointer the header must
 * declare before its prototypes, names with "__" (query__start ->
 * query-start, __lead -> -lead) and DTrace's #pragma D attributes.
 */
#include "shapes_types.h"

provider shapes {
	probe txn__start(ShapesTxnId, const char *);
	probe read__done(struct shapes_rec *, ShapesSize);
	probe __lead();
	probe tail__(int);
	probe mixed(int);
};

#pragma D attributes Evolving/Evolving/Common provider shapes provider
#pragma D attributes Private/Private/Unknown provider shapes module
#pragma D attributes Private/Private/Unknown provider shapes function
#pragma D attributes Evolving/Evolving/Common provider shapes name
#pragma D attributes Evolving/Evolving/Common provider shapes args
