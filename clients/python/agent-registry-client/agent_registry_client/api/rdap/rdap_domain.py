from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.rdap_domain_response_200 import RdapDomainResponse200
from ...models.rdap_error import RdapError
from ...types import Response


def _get_kwargs(
    name: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/rdap/domain/{name}".format(
            name=quote(str(name), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Error | RdapDomainResponse200 | RdapError | None:
    if response.status_code == 200:
        response_200 = RdapDomainResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 400:
        response_400 = RdapError.from_dict(response.json())

        return response_400

    if response.status_code == 404:
        response_404 = RdapError.from_dict(response.json())

        return response_404

    if response.status_code == 414:
        response_414 = Error.from_dict(response.json())

        return response_414

    if response.status_code == 429:
        response_429 = RdapError.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = Error.from_dict(response.json())

        return response_431

    if response.status_code == 500:
        response_500 = RdapError.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | Error | RdapDomainResponse200 | RdapError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    name: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | Error | RdapDomainResponse200 | RdapError]:
    """RDAP domain object of a held name (application/rdap+json)

     RDAP (RFC 9083) domain object of a held name, as `application/rdap+json`: `handle` `<record
    id>-<NAMESPACE>`, `status` (active → `active`; grace → `inactive`, `server hold`, `server transfer
    prohibited`, with a remark saying until when the holder may renew), registration, expiration and
    last-changed events, the registry as the only entity (role `registrar`: no contact data of the
    holder is published), the nameservers once the holder enabled DNS, `secureDNS`, notices (terms and
    rate limit, status codes) and links to the JSON lookup and the agent manifest. Errors are RDAP error
    objects (`errorCode`, `title`, `description`): a malformed name or one outside the namespaces 400, a
    name no record holds (never registered, or expired) 404. Under /rdap, other query types (nameserver,
    entity, searches) are 501 and unknown paths 404. Public, limited per client address like lookup.

    Args:
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | RdapDomainResponse200 | RdapError]
    """

    kwargs = _get_kwargs(
        name=name,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    name: str,
    *,
    client: AuthenticatedClient | Client,
) -> Any | Error | RdapDomainResponse200 | RdapError | None:
    """RDAP domain object of a held name (application/rdap+json)

     RDAP (RFC 9083) domain object of a held name, as `application/rdap+json`: `handle` `<record
    id>-<NAMESPACE>`, `status` (active → `active`; grace → `inactive`, `server hold`, `server transfer
    prohibited`, with a remark saying until when the holder may renew), registration, expiration and
    last-changed events, the registry as the only entity (role `registrar`: no contact data of the
    holder is published), the nameservers once the holder enabled DNS, `secureDNS`, notices (terms and
    rate limit, status codes) and links to the JSON lookup and the agent manifest. Errors are RDAP error
    objects (`errorCode`, `title`, `description`): a malformed name or one outside the namespaces 400, a
    name no record holds (never registered, or expired) 404. Under /rdap, other query types (nameserver,
    entity, searches) are 501 and unknown paths 404. Public, limited per client address like lookup.

    Args:
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | RdapDomainResponse200 | RdapError
    """

    return sync_detailed(
        name=name,
        client=client,
    ).parsed


async def asyncio_detailed(
    name: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | Error | RdapDomainResponse200 | RdapError]:
    """RDAP domain object of a held name (application/rdap+json)

     RDAP (RFC 9083) domain object of a held name, as `application/rdap+json`: `handle` `<record
    id>-<NAMESPACE>`, `status` (active → `active`; grace → `inactive`, `server hold`, `server transfer
    prohibited`, with a remark saying until when the holder may renew), registration, expiration and
    last-changed events, the registry as the only entity (role `registrar`: no contact data of the
    holder is published), the nameservers once the holder enabled DNS, `secureDNS`, notices (terms and
    rate limit, status codes) and links to the JSON lookup and the agent manifest. Errors are RDAP error
    objects (`errorCode`, `title`, `description`): a malformed name or one outside the namespaces 400, a
    name no record holds (never registered, or expired) 404. Under /rdap, other query types (nameserver,
    entity, searches) are 501 and unknown paths 404. Public, limited per client address like lookup.

    Args:
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | RdapDomainResponse200 | RdapError]
    """

    kwargs = _get_kwargs(
        name=name,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    name: str,
    *,
    client: AuthenticatedClient | Client,
) -> Any | Error | RdapDomainResponse200 | RdapError | None:
    """RDAP domain object of a held name (application/rdap+json)

     RDAP (RFC 9083) domain object of a held name, as `application/rdap+json`: `handle` `<record
    id>-<NAMESPACE>`, `status` (active → `active`; grace → `inactive`, `server hold`, `server transfer
    prohibited`, with a remark saying until when the holder may renew), registration, expiration and
    last-changed events, the registry as the only entity (role `registrar`: no contact data of the
    holder is published), the nameservers once the holder enabled DNS, `secureDNS`, notices (terms and
    rate limit, status codes) and links to the JSON lookup and the agent manifest. Errors are RDAP error
    objects (`errorCode`, `title`, `description`): a malformed name or one outside the namespaces 400, a
    name no record holds (never registered, or expired) 404. Under /rdap, other query types (nameserver,
    entity, searches) are 501 and unknown paths 404. Public, limited per client address like lookup.

    Args:
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | RdapDomainResponse200 | RdapError
    """

    return (
        await asyncio_detailed(
            name=name,
            client=client,
        )
    ).parsed
