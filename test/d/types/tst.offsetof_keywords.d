/*
 * ASSERTION: offsetof's member may be named like a D keyword, as after
 * . and -> (kernel struct members, from BTF, named self, string,
 * counter, probe, import and xlate); each is where & of the member is.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n",
	    offsetof(struct cgroup, self) == (uintptr_t)&((struct cgroup *)0)->self,
	    offsetof(struct kparam_string, string) ==
	    (uintptr_t)&((struct kparam_string *)0)->string,
	    offsetof(atomic_t, counter) == (uintptr_t)&((atomic_t *)0)->counter);
	printf("%d %d %d\n",
	    offsetof(struct pci_driver, probe) ==
	    (uintptr_t)&((struct pci_driver *)0)->probe,
	    offsetof(struct shash_alg, import) ==
	    (uintptr_t)&((struct shash_alg *)0)->import,
	    offsetof(struct irq_domain_ops, xlate) ==
	    (uintptr_t)&((struct irq_domain_ops *)0)->xlate);
	printf("%d\n", offsetof(struct pci_driver, probe) > 0);
	exit(0);
}
