/* Included by shapes.d through cpp (dtrace -C -I): types spelled as
 * macros, as PostgreSQL's probes.d spells LocalTransactionId and the
 * like, so one definition serves D and C. */
#define ShapesTxnId unsigned int
#define ShapesSize  long
