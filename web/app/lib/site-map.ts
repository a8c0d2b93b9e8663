// The page table lives in the contract (the API's search names pages by it too): one source.
export * from '@sthsm/contract/site-map';
