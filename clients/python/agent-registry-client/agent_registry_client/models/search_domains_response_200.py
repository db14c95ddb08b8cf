from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.search_domains_response_200_price_unit import SearchDomainsResponse200PriceUnit
from ..models.search_domains_response_200_status import SearchDomainsResponse200Status

if TYPE_CHECKING:
    from ..models.search_domains_response_200_results_item import SearchDomainsResponse200ResultsItem


T = TypeVar("T", bound="SearchDomainsResponse200")


@_attrs_define
class SearchDomainsResponse200:
    """
    Attributes:
        status (SearchDomainsResponse200Status):
        query (str):
        price_unit (SearchDomainsResponse200PriceUnit):
        results (list[SearchDomainsResponse200ResultsItem]):
    """

    status: SearchDomainsResponse200Status
    query: str
    price_unit: SearchDomainsResponse200PriceUnit
    results: list[SearchDomainsResponse200ResultsItem]

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        query = self.query

        price_unit = self.price_unit.value

        results = []
        for results_item_data in self.results:
            results_item = results_item_data.to_dict()
            results.append(results_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "query": query,
                "price_unit": price_unit,
                "results": results,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.search_domains_response_200_results_item import SearchDomainsResponse200ResultsItem  # noqa: PLC0415

        d = dict(src_dict)
        status = SearchDomainsResponse200Status(d.pop("status"))

        query = d.pop("query")

        price_unit = SearchDomainsResponse200PriceUnit(d.pop("price_unit"))

        results = []
        _results = d.pop("results")
        for results_item_data in _results:
            results_item = SearchDomainsResponse200ResultsItem.from_dict(results_item_data)

            results.append(results_item)

        search_domains_response_200 = cls(
            status=status,
            query=query,
            price_unit=price_unit,
            results=results,
        )

        return search_domains_response_200
