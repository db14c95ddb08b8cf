from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.rdap_domain_response_200_notices_item_links_item_rel import RdapDomainResponse200NoticesItemLinksItemRel
from ..types import UNSET, Unset

T = TypeVar("T", bound="RdapDomainResponse200NoticesItemLinksItem")


@_attrs_define
class RdapDomainResponse200NoticesItemLinksItem:
    """RFC 9083 link. `self` and `related` always point at RDAP (application/rdap+json), which RDAP clients follow and
    merge; other documents are `alternate` (the JSON lookup), `describedby` (agent.json, skill.md), `help`, `terms-of-
    service` or `glossary`, each with its own media type

        Attributes:
            value (str):
            rel (RdapDomainResponse200NoticesItemLinksItemRel):
            href (str):
            type_ (str | Unset):
            title (str | Unset):
    """

    value: str
    rel: RdapDomainResponse200NoticesItemLinksItemRel
    href: str
    type_: str | Unset = UNSET
    title: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        value = self.value

        rel = self.rel.value

        href = self.href

        type_ = self.type_

        title = self.title

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "value": value,
                "rel": rel,
                "href": href,
            }
        )
        if type_ is not UNSET:
            field_dict["type"] = type_
        if title is not UNSET:
            field_dict["title"] = title

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        value = d.pop("value")

        rel = RdapDomainResponse200NoticesItemLinksItemRel(d.pop("rel"))

        href = d.pop("href")

        type_ = d.pop("type", UNSET)

        title = d.pop("title", UNSET)

        rdap_domain_response_200_notices_item_links_item = cls(
            value=value,
            rel=rel,
            href=href,
            type_=type_,
            title=title,
        )

        return rdap_domain_response_200_notices_item_links_item
