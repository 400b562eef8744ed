import React from 'react';

/**
 * An amount expression ("10,000.00 USD = 1,231,689.10 BDT", "1 USD = 123.17 BDT") kept as one left-to-right
 * unit: in an Arabic sentence the bidirectional algorithm would otherwise move the codes and the "1" around.
 */
export const Ltr = ({ children }: { children?: React.ReactNode }) => <bdi dir="ltr">{children}</bdi>;
