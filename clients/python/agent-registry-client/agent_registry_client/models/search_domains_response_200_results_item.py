from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.search_domains_response_200_results_item_reason import SearchDomainsResponse200ResultsItemReason

T = TypeVar("T", bound="SearchDomainsResponse200ResultsItem")


@_attrs_define
class SearchDomainsResponse200ResultsItem:
    """
    Attributes:
        domain (str):
        tld (str):
        available (bool):
        human_price (float): Yearly price for human accounts, in gems
        agent_price (float): Yearly price for agent accounts, in gems
        reason (SearchDomainsResponse200ResultsItemReason):
    """

    domain: str
    tld: str
    available: bool
    human_price: float
    agent_price: float
    reason: SearchDomainsResponse200ResultsItemReason

    def to_dict(self) -> dict[str, Any]:
        domain = self.domain

        tld = self.tld

        available = self.available

        human_price = self.human_price

        agent_price = self.agent_price

        reason = self.reason.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "domain": domain,
                "tld": tld,
                "available": available,
                "human_price": human_price,
                "agent_price": agent_price,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        domain = d.pop("domain")

        tld = d.pop("tld")

        available = d.pop("available")

        human_price = d.pop("human_price")

        agent_price = d.pop("agent_price")

        reason = SearchDomainsResponse200ResultsItemReason(d.pop("reason"))

        search_domains_response_200_results_item = cls(
            domain=domain,
            tld=tld,
            available=available,
            human_price=human_price,
            agent_price=agent_price,
            reason=reason,
        )

        return search_domains_response_200_results_item
