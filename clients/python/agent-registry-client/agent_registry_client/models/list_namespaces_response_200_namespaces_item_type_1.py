from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.list_namespaces_response_200_namespaces_item_type_1_source import (
    ListNamespacesResponse200NamespacesItemType1Source,
)

if TYPE_CHECKING:
    from ..models.list_namespaces_response_200_namespaces_item_type_1_checkout_availability import (
        ListNamespacesResponse200NamespacesItemType1CheckoutAvailability,
    )
    from ..models.list_namespaces_response_200_namespaces_item_type_1_identity_requirements import (
        ListNamespacesResponse200NamespacesItemType1IdentityRequirements,
    )
    from ..models.list_namespaces_response_200_namespaces_item_type_1_payment_methods_item import (
        ListNamespacesResponse200NamespacesItemType1PaymentMethodsItem,
    )
    from ..models.list_namespaces_response_200_namespaces_item_type_1_registration import (
        ListNamespacesResponse200NamespacesItemType1Registration,
    )
    from ..models.list_namespaces_response_200_namespaces_item_type_1_urls import (
        ListNamespacesResponse200NamespacesItemType1Urls,
    )


T = TypeVar("T", bound="ListNamespacesResponse200NamespacesItemType1")


@_attrs_define
class ListNamespacesResponse200NamespacesItemType1:
    """
    Attributes:
        namespace (str):
        provider (str):
        source (ListNamespacesResponse200NamespacesItemType1Source):
        checkout_availability (ListNamespacesResponse200NamespacesItemType1CheckoutAvailability):
        identity_requirements (ListNamespacesResponse200NamespacesItemType1IdentityRequirements):
        payment_methods (list[ListNamespacesResponse200NamespacesItemType1PaymentMethodsItem]):
        registration (ListNamespacesResponse200NamespacesItemType1Registration):
        limitations (list[str]):
        urls (ListNamespacesResponse200NamespacesItemType1Urls):
    """

    namespace: str
    provider: str
    source: ListNamespacesResponse200NamespacesItemType1Source
    checkout_availability: ListNamespacesResponse200NamespacesItemType1CheckoutAvailability
    identity_requirements: ListNamespacesResponse200NamespacesItemType1IdentityRequirements
    payment_methods: list[ListNamespacesResponse200NamespacesItemType1PaymentMethodsItem]
    registration: ListNamespacesResponse200NamespacesItemType1Registration
    limitations: list[str]
    urls: ListNamespacesResponse200NamespacesItemType1Urls

    def to_dict(self) -> dict[str, Any]:
        namespace = self.namespace

        provider = self.provider

        source = self.source.value

        checkout_availability = self.checkout_availability.to_dict()

        identity_requirements = self.identity_requirements.to_dict()

        payment_methods = []
        for payment_methods_item_data in self.payment_methods:
            payment_methods_item = payment_methods_item_data.to_dict()
            payment_methods.append(payment_methods_item)

        registration = self.registration.to_dict()

        limitations = self.limitations

        urls = self.urls.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "namespace": namespace,
                "provider": provider,
                "source": source,
                "checkout_availability": checkout_availability,
                "identity_requirements": identity_requirements,
                "payment_methods": payment_methods,
                "registration": registration,
                "limitations": limitations,
                "urls": urls,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.list_namespaces_response_200_namespaces_item_type_1_checkout_availability import (
            ListNamespacesResponse200NamespacesItemType1CheckoutAvailability,  # noqa: PLC0415
        )
        from ..models.list_namespaces_response_200_namespaces_item_type_1_identity_requirements import (
            ListNamespacesResponse200NamespacesItemType1IdentityRequirements,  # noqa: PLC0415
        )
        from ..models.list_namespaces_response_200_namespaces_item_type_1_payment_methods_item import (
            ListNamespacesResponse200NamespacesItemType1PaymentMethodsItem,  # noqa: PLC0415
        )
        from ..models.list_namespaces_response_200_namespaces_item_type_1_registration import (
            ListNamespacesResponse200NamespacesItemType1Registration,  # noqa: PLC0415
        )
        from ..models.list_namespaces_response_200_namespaces_item_type_1_urls import (
            ListNamespacesResponse200NamespacesItemType1Urls,  # noqa: PLC0415
        )

        d = dict(src_dict)
        namespace = d.pop("namespace")

        provider = d.pop("provider")

        source = ListNamespacesResponse200NamespacesItemType1Source(d.pop("source"))

        checkout_availability = ListNamespacesResponse200NamespacesItemType1CheckoutAvailability.from_dict(
            d.pop("checkout_availability")
        )

        identity_requirements = ListNamespacesResponse200NamespacesItemType1IdentityRequirements.from_dict(
            d.pop("identity_requirements")
        )

        payment_methods = []
        _payment_methods = d.pop("payment_methods")
        for payment_methods_item_data in _payment_methods:
            payment_methods_item = ListNamespacesResponse200NamespacesItemType1PaymentMethodsItem.from_dict(
                payment_methods_item_data
            )

            payment_methods.append(payment_methods_item)

        registration = ListNamespacesResponse200NamespacesItemType1Registration.from_dict(d.pop("registration"))

        limitations = cast(list[str], d.pop("limitations"))

        urls = ListNamespacesResponse200NamespacesItemType1Urls.from_dict(d.pop("urls"))

        list_namespaces_response_200_namespaces_item_type_1 = cls(
            namespace=namespace,
            provider=provider,
            source=source,
            checkout_availability=checkout_availability,
            identity_requirements=identity_requirements,
            payment_methods=payment_methods,
            registration=registration,
            limitations=limitations,
            urls=urls,
        )

        return list_namespaces_response_200_namespaces_item_type_1
