import React, { type ReactNode } from 'react';
import type { Crumb } from '../app/appSlice';
import { Layout } from './Layout';

interface PageProps {
  language: string;
  /** Path of the page without its language prefix. */
  originalPath: string;
  title: string;
  lead: string;
  /** The trail to the page; by default the page alone, under its title. */
  crumbs?: Crumb[];
  children?: ReactNode;
}

/** A page of the portal with its header: the title as its heading and the lead that says what it is for. */
export function Page({ language, originalPath, title, lead, crumbs = [{ label: title }], children }: PageProps) {
  return (
    <Layout language={language} originalPath={originalPath} crumbs={crumbs}>
      <header className="page-header">
        <h1>{title}</h1>
        <p className="lead">{lead}</p>
      </header>
      {children}
    </Layout>
  );
}
