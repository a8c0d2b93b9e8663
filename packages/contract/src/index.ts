export * from './entities.ts';
export * from './alumni.ts';
