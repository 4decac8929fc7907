/*
 * ASSERTION: after . and -> any word is a member name, D keywords
 * included: kernel struct members (BTF) named counter, string, probe,
 * self, import and xlate, and self->/this-> variables named after
 * keywords.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", sizeof(((struct mutex *)0)->owner.counter) == 8,
	    sizeof(((struct kparam_string *)0)->string) == sizeof(char *),
	    sizeof(((struct pci_driver *)0)->probe) == sizeof(void *));
	printf("%d %d %d\n",
	    sizeof(((struct cgroup *)0)->self) == sizeof(struct cgroup_subsys_state),
	    sizeof(((struct shash_alg *)0)->import) == sizeof(void *),
	    sizeof(((struct irq_domain_ops *)0)->xlate) == sizeof(void *));
	self->string = "s";
	self->counter = 1;
	this->translator = 2;
	this->sizeof = 3;
	this->int = 4;
	self->probe = 5;
	this->self = 6;
	printf("%s %d %d %d %d %d %d\n", self->string, self->counter,
	    this->translator, this->sizeof, this->int, self->probe, this->self);
	exit(0);
}
