// The environment bench scripts give the processes they time. Node reads the NODE_EXTRA_CA_CERTS
// bundle at start-up (~0.1 s on the machines here, more than some whole tools take): a cost of
// the machine, not of any tool, and no bench run speaks TLS. It is unset for every process alike;
// --keep-env on a bench's command line keeps it.
export const keepEnv = process.argv.includes('--keep-env');
export const benchEnv = { ...process.env };
export const extraCaUnset = !keepEnv && benchEnv.NODE_EXTRA_CA_CERTS !== undefined;
if (extraCaUnset) delete benchEnv.NODE_EXTRA_CA_CERTS;
export const envNote = extraCaUnset ? ' (NODE_EXTRA_CA_CERTS unset for every process)' : '';
