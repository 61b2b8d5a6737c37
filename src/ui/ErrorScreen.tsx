/** SPEC §2 error boundary screen. */
export function ErrorScreen() {
  return (
    <div className="center-screen" role="alert">
      <div className="card narrow text-center">
        <div className="big-icon" aria-hidden="true">!</div>
        <h1>Something went wrong</h1>
        <p className="muted">We encountered an unexpected error. Please refresh the page to try again.</p>
        <button className="btn btn-primary" type="button" onClick={() => window.location.reload()}>
          Refresh Page
        </button>
      </div>
    </div>
  );
}
