# ASSERTION: with a -c target, struct a.out`shape and a.out`score_t are
# the target's DWARF types, and members read through a pointer to them
# are the values in the target's memory: nested structs, pointers to
# other user structs, bit-fields, an anonymous union member, an enum,
# a typedef and a pointer chain (loads from user space).
# @@timeout: 120
. "$(dirname "$0")/utypes_lib.sh"
"$dtrace" -q -c "$prog" -n '
pid$target:a.out:fill:entry
{
	this->s = (struct a.out`shape *)arg0;
	printf("corner %d %d\n", this->s->corner.x, this->s->corner.y);
	printf("other %d %d\n", this->s->other->x, (*this->s->other).y);
	printf("bits %d %d\n", this->s->flags, this->s->level);
	printf("union %d enum %d\n", this->s->s, this->s->shade);
	printf("score %d\n", (a.out`score_t)this->s->score);
	printf("label %c%c%c\n", this->s->label[0], this->s->label[1], this->s->label[2]);
	printf("next %d %d %d\n", this->s->next->corner.x, this->s->next->level,
	    this->s->next->shade);
	printf("sizes %d %d\n", sizeof (struct a.out`point), sizeof (a.out`score_t));
	this->p = (a.out`struct point *)&this->s->corner;
}'
